import type { CSSProperties } from 'react'

const ICONS = {
  pin: { path: 'M15 3 21 9l-2.5 1-3.5 3.5.5 4.5-2 2-4-4-5 5H3v-1.5l5-5-4-4 2-2 4.5.5L14 5.5z', size: 18 },
  star: { path: 'm12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z', size: 16 },
}

/**
 * The picker's favourite toggles (a token's pin, a network's star): a pressed button with its outline icon, filled
 * when on. `keepFocus` leaves the focus where it is (the search box: a phone's keyboard stays closed).
 */
export function FavouriteToggle(props: {
  icon: keyof typeof ICONS
  on: boolean
  label: string
  title: string
  className: string
  onToggle: () => void
  keepFocus?: boolean
  style?: CSSProperties
}) {
  const { path, size } = ICONS[props.icon]
  return (
    <button
      type="button"
      className={props.className}
      aria-pressed={props.on}
      aria-label={props.label}
      title={props.title}
      style={props.style}
      onMouseDown={props.keepFocus ? (event) => event.preventDefault() : undefined}
      onClick={props.onToggle}
    >
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
        <path
          d={path}
          fill={props.on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  )
}

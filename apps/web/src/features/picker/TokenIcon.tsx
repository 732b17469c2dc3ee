import { type CSSProperties, useState } from 'react'

/** A stable hue per text (FNV-1a), so each circle keeps its colour and near-identical names still differ. */
function hueOf(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0) % 360
}

function initials(text: string, letters: 1 | 2): string {
  const words = text.trim().split(/\s+/)
  const first = words[0]?.charAt(0) ?? ''
  const last = words.length > 1 ? (words[words.length - 1]?.charAt(0) ?? '') : ''
  return (letters === 2 ? first + last : first).toUpperCase() || '?'
}

export type TokenIconProps = {
  /** The symbol (or network name) the fallback circle is made from. */
  symbol: string
  logoURI?: string | undefined
  size?: number
  /** Letters in the circle: 1 for a symbol; 2 tells networks like "Local Chain A" and "B" apart ("LA", "LB"). */
  letters?: 1 | 2
}

/** The token's logo, or the first letter of its symbol in a circle when there is none (or it fails to load). */
export function TokenIcon({ symbol, logoURI, size = 36, letters = 1 }: TokenIconProps) {
  const [failed, setFailed] = useState(false)
  if (logoURI && !failed) {
    return (
      <img
        className="picker-icon"
        src={logoURI}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    )
  }
  const style = { '--picker-icon-hue': hueOf(symbol), width: size, height: size } as CSSProperties
  return (
    <span className="picker-icon picker-icon-fallback" style={style} aria-hidden="true">
      {initials(symbol, letters)}
    </span>
  )
}

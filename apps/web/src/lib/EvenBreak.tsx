/**
 * A hash or an address that may wrap: its one break opportunity is its middle, so on a narrow screen it wraps in two
 * even halves, never a "C9" alone on a line (`overflow-wrap: anywhere` still breaks a half too long for its line).
 */
export function EvenBreak({ text }: { text: string }) {
  const middle = Math.ceil(text.length / 2)
  return (
    <>
      {text.slice(0, middle)}
      <wbr />
      {text.slice(middle)}
    </>
  )
}

const colors: Record<string, string> = {
  devnet: '\x1b[36m',
  solver: '\x1b[32m',
  'attester-1': '\x1b[35m',
  'attester-2': '\x1b[35m',
  'attester-3': '\x1b[35m',
  relayer: '\x1b[33m',
  web: '\x1b[34m',
  start: '\x1b[1m',
}
const reset = '\x1b[0m'
const useColor = process.stdout.isTTY && !process.env.NO_COLOR

/** Renders a service's JSON log line as `[name] level message key=value…`; other lines pass through. */
export function formatLogLine(source: string, line: string): string {
  const prefix = `[${source}]`.padEnd(13)
  const tag = useColor ? `${colors[source] ?? ''}${prefix}${reset}` : prefix
  let text = line
  if (line.startsWith('{')) {
    try {
      const { time: _time, level, service: _service, msg, ...fields } = JSON.parse(line) as Record<string, unknown>
      const rest = Object.entries(fields)
        .map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
        .join(' ')
      text = `${level === 'info' ? '' : `${String(level).toUpperCase()} `}${String(msg)}${rest ? ` ${rest}` : ''}`
    } catch {
      // not JSON after all: print as is
    }
  }
  return `${tag} ${text}`
}

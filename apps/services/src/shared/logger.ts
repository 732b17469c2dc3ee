export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type LogFields = Record<string, unknown>

export type Logger = {
  debug: (msg: string, fields?: LogFields) => void
  info: (msg: string, fields?: LogFields) => void
  warn: (msg: string, fields?: LogFields) => void
  error: (msg: string, fields?: LogFields) => void
  child: (fields: LogFields) => Logger
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

function serialize(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Error) return { name: value.name, message: shortMessage(value) }
  return value
}

/** viem errors carry long multi-line messages; logs keep the short one. */
export function shortMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'shortMessage' in error && typeof error.shortMessage === 'string') {
    return error.shortMessage
  }
  return error instanceof Error ? error.message : String(error)
}

/** Structured logs: one JSON object per line on stdout (`npm start` renders them readable). */
export function createLogger(service: string, base: LogFields = {}, level: LogLevel = 'info'): Logger {
  const threshold = order[(process.env.LOG_LEVEL as LogLevel | undefined) ?? level] ?? order.info
  const write = (lvl: LogLevel, msg: string, fields?: LogFields) => {
    if (order[lvl] < threshold) return
    const entry = { time: new Date().toISOString(), level: lvl, service, msg, ...base, ...fields }
    process.stdout.write(`${JSON.stringify(entry, (_key, value) => serialize(value))}\n`)
  }
  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
    child: (fields) => createLogger(service, { ...base, ...fields }, level),
  }
}

import type { LogFields, Logger } from './logger.ts'

export type LogLine = { level: string; msg: string; fields?: LogFields }

/** A logger that keeps its lines in `lines` instead of printing them: for unit tests of what an operator is told. */
export function recordingLogger(lines: LogLine[]): Logger {
  const write = (level: string) => (msg: string, fields?: LogFields) =>
    void lines.push({ level, msg, ...(fields ? { fields } : {}) })
  const log: Logger = {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: () => log,
  }
  return log
}

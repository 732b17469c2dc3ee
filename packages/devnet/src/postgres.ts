import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { getFreePort } from './ports.ts'

/** A PostgreSQL server of its own, for tests: a temporary data folder, a free port, stopped with its folder. */
export type PostgresServer = {
  port: number
  /** A new, empty database on the server: its URL (what `DATABASE_URL` takes). */
  createDatabase: () => Promise<string>
  stop: () => Promise<void>
}

const USER = 'multibridge'

/** The server's programs: `PG_BIN`, else `initdb` on the PATH, else Debian's /usr/lib/postgresql/<newest>/bin. */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PG_BIN) return env.PG_BIN
  for (const dir of (env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, 'initdb'))) return dir
  const debian = '/usr/lib/postgresql'
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((name) => existsSync(join(debian, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions[0]) return join(debian, versions[0], 'bin')
  throw new Error(
    "PostgreSQL's server is not installed (no initdb on the PATH, in PG_BIN or in /usr/lib/postgresql/*/bin). " +
      'Install it: apt-get install -y postgresql',
  )
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user the package creates. */
function asServerUser(): { prefix: string[]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { prefix: [] }
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid }
}

/**
 * Starts a PostgreSQL server from the machine's packages on a free port, its data in a new temporary folder.
 * Settings for tests: no fsync (a crash of the machine is not what the tests make).
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin()
  const user = asServerUser()
  const root = mkdtempSync(join(tmpdir(), 'multibridge-pg-'))
  const data = join(root, 'data')
  mkdirSync(data)
  if (user.uid !== undefined) {
    chownSync(root, user.uid, user.gid ?? user.uid)
    chownSync(data, user.uid, user.gid ?? user.uid)
  }
  const run = (program: string, args: string[]) => {
    const [command, ...rest] = [...user.prefix, join(bin, program), ...args]
    return { command: command!, args: rest }
  }
  const initdb = run('initdb', ['-D', data, '-U', USER, '-A', 'trust', '-E', 'UTF8', '--no-sync'])
  execFileSync(initdb.command, initdb.args, { stdio: 'pipe' })
  const port = await getFreePort()
  const server = run('postgres', [
    ...['-D', data, '-p', String(port), '-k', root],
    ...['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off'],
  ])
  const child = spawn(server.command, server.args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4_000)
  })
  const base = `postgres://${USER}@127.0.0.1:${port}`
  await waitForServer(`${base}/postgres`, child, () => stderr)
  let databases = 0
  return {
    port,
    createDatabase: async () => {
      const name = `test_${++databases}`
      const client = new pg.Client({ connectionString: `${base}/postgres` })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return `${base}/${name}`
    },
    stop: async () => {
      if (child.exitCode === null) {
        const stop = run('pg_ctl', ['-D', data, 'stop', '-m', 'fast', '-w'])
        try {
          execFileSync(stop.command, stop.args, { stdio: 'pipe' })
        } catch {
          child.kill('SIGKILL')
        }
      }
      rmSync(root, { recursive: true, force: true })
    },
  }
}

async function waitForServer(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL exited (code ${child.exitCode}): ${stderr()}`)
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.end()
      return
    } catch {
      await client.end().catch(() => undefined)
    }
    if (Date.now() - started > 30_000) {
      child.kill('SIGKILL')
      throw new Error(`PostgreSQL did not accept connections within 30 s: ${stderr()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

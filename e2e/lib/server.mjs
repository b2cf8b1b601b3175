// Starts a throw-away PropMatch server for one test file: the built binary, a
// fresh SQLite database in a temp dir, development mode (OTP echoed, emails
// captured in /api/dev/outbox), on a free loopback port.
import { spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const READY_TIMEOUT_MS = 30_000
const STOP_TIMEOUT_MS = 10_000

/** The binary under test: $PROPMATCH_BIN, else ../bin/propmatch relative to e2e/. */
export function binaryPath() {
  const fromEnv = process.env.PROPMATCH_BIN
  return fromEnv ? path.resolve(fromEnv) : path.resolve(E2E_DIR, '..', 'bin', 'propmatch')
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * Starts the server (with extra serve flags `args`, e.g. ['--demo']) and resolves once GET /healthz answers 200.
 * Returns { baseURL, port, dataDir, logs(), stop() }.
 */
export async function startServer({ env = {}, args = [] } = {}) {
  const bin = binaryPath()
  if (!existsSync(bin)) {
    throw new Error(
      `PropMatch binary not found at ${bin}. Build it first: cd .. && make build (or set PROPMATCH_BIN).`,
    )
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'propmatch-e2e-'))
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`

  let stdout = ''
  let stderr = ''
  const child = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, ...args], {
    cwd: dataDir,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'pm.db')}`,
      PROPMATCH_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d))
  child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d))
  let exited = null
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal }
      resolve(exited)
    })
    child.on('error', (err) => {
      exited = { code: null, signal: null, error: err }
      resolve(exited)
    })
  })

  // If the test process dies without calling stop(), do not leave the server or its files behind.
  const onExit = () => {
    if (!exited) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.once('exit', onExit)

  const logs = () => `--- stderr ---\n${stderr}\n--- stdout ---\n${stdout}`

  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    if (!exited) {
      child.kill('SIGTERM')
      let timer
      const timedOut = await Promise.race([
        exitPromise.then(() => false),
        new Promise((resolve) => (timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS))),
      ])
      clearTimeout(timer)
      if (timedOut && !exited) {
        child.kill('SIGKILL')
        await exitPromise
      }
    }
    await rm(dataDir, { recursive: true, force: true })
    process.removeListener('exit', onExit)
  }

  const deadline = Date.now() + READY_TIMEOUT_MS
  let lastError = null
  while (Date.now() < deadline) {
    if (exited) {
      await stop()
      throw new Error(
        `PropMatch exited before becoming ready (code ${exited.code}, signal ${exited.signal}${exited.error ? `, ${exited.error.message}` : ''})\n${logs()}`,
      )
    }
    try {
      const res = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) })
      if (res.status === 200) return { baseURL, port, dataDir, logs, stop }
      lastError = new Error(`/healthz answered ${res.status}`)
    } catch (err) {
      lastError = err
    }
    await sleep(100)
  }
  await stop()
  throw new Error(
    `PropMatch did not become ready within ${READY_TIMEOUT_MS / 1000}s (last: ${lastError?.message})\n${logs()}`,
  )
}

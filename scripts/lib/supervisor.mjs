// Starts long-running child processes and stops them cleanly, PostgreSQL included.
//
// Each child leads its own process group (`detached`), so a Ctrl-C in the terminal reaches only this script
// (and npm above it); the script forwards one SIGINT to each child and waits. The API process then closes
// its server and stops its embedded PostgreSQL itself, once. Anything still alive in a child's group after the
// child exited (an orphaned postgres) is stopped here as a last resort, so no server outlives `npm start`.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from './setup.mjs';

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

/** The command lines of the processes still in group `pgid` (Linux /proc; empty elsewhere). */
function groupMembers(pgid) {
  const members = [];
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        // Field 5 of /proc/<pid>/stat is the process group; the command name may hold spaces, so split after ')'.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
        members.push(`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim()}`);
      } catch {
        // Exited meanwhile.
      }
    }
  } catch {
    // No /proc.
  }
  return members;
}

async function waitGroupGone(pgid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
  return !groupAlive(pgid);
}

export class Supervisor {
  /** @param {{ onUnexpectedExit?: (name: string, code: number) => void }} options */
  constructor({ onUnexpectedExit } = {}) {
    this.children = [];
    this.stopping = false;
    this.onUnexpectedExit = onUnexpectedExit;
    // Last resort if this script dies on an error: never leave the children running on their own.
    process.on('exit', () => {
      for (const entry of this.children) if (entry.alive) signalGroup(entry.child.pid, 'SIGINT');
    });
  }

  start(name, command, args, { env = process.env, cwd = ROOT } = {}) {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    const entry = { name, child, alive: true, code: null };
    entry.exited = new Promise((resolve) => {
      child.on('error', (error) => {
        console.error(`[${name}] could not start: ${error.message}`);
        entry.alive = false;
        entry.code = 1;
        resolve(1);
      });
      child.on('exit', (code, signal) => {
        entry.alive = false;
        entry.code = code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1);
        resolve(entry.code);
        if (!this.stopping && this.onUnexpectedExit) this.onUnexpectedExit(name, entry.code);
      });
    });
    this.children.push(entry);
    return entry;
  }

  isAlive(name) {
    return this.children.some((entry) => entry.name === name && entry.alive);
  }

  /** Forwards `signal` to every child, waits for them, then clears what is left in their process groups. */
  async stop(signal = 'SIGINT', { timeoutMs = 30_000 } = {}) {
    if (this.stopping) return this.stopped;
    this.stopping = true;
    this.stopped = Promise.all(this.children.map((entry) => this.stopOne(entry, signal, timeoutMs)));
    return this.stopped;
  }

  async stopOne(entry, signal, timeoutMs) {
    const pgid = entry.child.pid;
    if (!pgid) return;
    if (entry.alive) entry.child.kill(signal);
    const timedOut = await Promise.race([entry.exited.then(() => false), sleep(timeoutMs).then(() => true)]);
    if (timedOut) {
      console.error(`[${entry.name}] did not stop within ${timeoutMs / 1000} s; killing it.`);
      signalGroup(pgid, 'SIGKILL');
      await entry.exited;
    }
    // Helpers (tsx's esbuild service) leave a moment after their parent: give them that moment.
    if (await waitGroupGone(pgid, 3_000)) return;
    // A grandchild (PostgreSQL) outlived its parent: a fast shutdown first, then the hard way.
    const members = groupMembers(pgid);
    console.error(`[${entry.name}] left processes behind; stopping them:\n  ${members.join('\n  ')}`);
    signalGroup(pgid, 'SIGINT');
    if (await waitGroupGone(pgid, 10_000)) return;
    signalGroup(pgid, 'SIGKILL');
    await waitGroupGone(pgid, 2_000);
  }
}

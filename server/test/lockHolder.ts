// A process that takes the lock of a data folder (argv[2]) at a given moment (argv[3], ms since
// the epoch), says what happened on stdout as one JSON line, and holds the lock until its stdin
// ends (or 30 s pass), then releases it. data-dir-lock.test.ts races several of these.
import { DataDirInUseError, lockDataDir } from '../src/db/dataDirLock';

const HOLD_LIMIT_MS = 30_000;

async function main() {
  const [dataDir, at] = process.argv.slice(2);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(at) - Date.now() - 50)));
  // The last moments spinning, so that the racers start within a fraction of a millisecond.
  while (Date.now() < Number(at)) {
    // wait
  }
  try {
    const lock = await lockDataDir(dataDir);
    process.stdout.write(`${JSON.stringify({ pid: process.pid, locked: true })}\n`);
    const limit = setTimeout(() => process.stdin.destroy(), HOLD_LIMIT_MS);
    process.stdin.resume();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(limit);
      lock.release();
    };
    process.stdin.once('end', release);
    process.stdin.once('close', release);
  } catch (error) {
    const owner = error instanceof DataDirInUseError ? error.ownerPid : undefined;
    process.stdout.write(`${JSON.stringify({ pid: process.pid, locked: false, owner, message: String(error) })}\n`);
    process.exitCode = 1;
    process.stdin.destroy();
  }
}

void main();

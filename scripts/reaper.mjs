// Started by scripts/start.mjs in its own process group. It holds the process groups of the
// services start.mjs runs and, should start.mjs vanish without stopping them (killed with
// SIGKILL, crashed), stops them, so no service is left running on its own.
const GRACE_MS = 5000;
const groups = new Set();

const signalAll = (signal) => {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, signal);
    } catch {
      groups.delete(pgid); // already gone
    }
  }
};

// Only start.mjs decides when this process ends.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});

process.on('message', (message) => {
  if (message?.add) groups.add(message.add);
  if (message?.remove) groups.delete(message.remove);
  if (message?.done) process.exit(0);
});

process.on('disconnect', () => {
  if (groups.size === 0) process.exit(0);
  signalAll('SIGTERM');
  setTimeout(() => {
    signalAll('SIGKILL');
    process.exit(0);
  }, GRACE_MS);
});

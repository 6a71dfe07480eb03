/**
 * The API's log destination under `npm start`: the lines logged in one turn of the event loop go
 * out in one write, at the end of that turn (`setImmediate`), instead of one write each.
 *
 * Under load a turn answers many requests, and every one of them logs its access line; one write
 * per line was one system call per request, and the process reading the other end of the pipe
 * woke for each. Gathered, the catalogue list answers about 1.1× as many requests a second
 * (docs/PERFORMANCE.md). A quiet server writes each line as soon as the turn that logged it ends:
 * nothing waits for a buffer to fill or a timer.
 *
 * Nothing is lost on the way out: the lines still held are written before the process exits (an
 * uncaught exception and `process.exit` included), and 64 KiB or more is written at once. A
 * process killed outright (SIGKILL) loses at most the lines of the turn it was in.
 */
import pino from 'pino';

/** What pino needs of a destination: `write`, and `flush`/`flushSync` for `logger.flush()` and exits. */
export interface BatchedLogStream {
  write(line: string): boolean;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
  /** Writes what is held and stops gathering: later lines go out at once. */
  end(): void;
}

interface Destination {
  write(text: string): unknown;
  flushSync?(): void;
}

/** Held lines, in bytes (UTF-16 units, near enough), past which they go out at once. */
export const WRITE_AT_LENGTH = 64 * 1024;

/**
 * `destination`: where the gathered text goes, written synchronously (pino's own standard-output
 * destination by default, which retries a full pipe and finishes partial writes).
 */
export function batchedLogStream(destination: Destination = pino.destination({ dest: 1, sync: true })): BatchedLogStream {
  let held: string[] = [];
  let heldLength = 0;
  let scheduled = false;
  let ended = false;

  const writeHeld = () => {
    if (held.length === 0) return;
    const text = held.length === 1 ? held[0] : held.join('');
    held = [];
    heldLength = 0;
    destination.write(text);
  };
  const endOfTurn = () => {
    scheduled = false;
    writeHeld();
  };
  const onExit = () => stream.end();

  const stream: BatchedLogStream = {
    write(line) {
      if (ended) {
        destination.write(line);
        return true;
      }
      held.push(line);
      heldLength += line.length;
      if (heldLength >= WRITE_AT_LENGTH) writeHeld();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(endOfTurn);
      }
      return true;
    },
    flush(callback) {
      writeHeld();
      callback?.();
    },
    flushSync() {
      writeHeld();
      destination.flushSync?.();
    },
    end() {
      if (ended) return;
      ended = true;
      writeHeld();
      process.removeListener('exit', onExit);
    },
  };
  process.on('exit', onExit);
  return stream;
}

/**
 * The API's log destination under `npm start`: the lines logged in one turn of the event loop are
 * handed to pino's standard-output destination as one string, at the end of that turn
 * (`setImmediate`), instead of one by one.
 *
 * Under load a turn answers many requests, each with its access line. The destination (an
 * asynchronous sonic-boom, what pino builds for standard output when given none) then takes one
 * string a turn instead of one a line. It writes as it did before, from libuv's thread pool, so a
 * log reader that falls behind never holds up the API; the lines wait in memory. The catalogue
 * list answers about 1.08× as many requests a second with it (docs/PERFORMANCE.md). A quiet server
 * hands each line on as soon as the turn that logged it ends: nothing waits for a buffer to fill or
 * a timer.
 *
 * Nothing more is lost on the way out than before: the lines still held are handed on and written
 * synchronously when the process exits (`process.exit` and an uncaught exception included), and
 * 64 KiB held is handed on at once. A process killed outright (SIGKILL) loses what the destination
 * had not written yet, as it did, and the lines of the turn it was in.
 */
import pino from 'pino';

/** What pino needs of a destination: `write`, and `flush`/`flushSync` for `logger.flush()` and exits. */
export interface BatchedLogStream {
  write(line: string): boolean;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
  /** Hands on what is held and stops gathering: later lines go to the destination at once. */
  end(): void;
}

interface Destination {
  write(text: string): unknown;
  flush?(callback: (error?: Error) => void): void;
  flushSync?(): void;
}

/** Characters held (about bytes: log lines are mostly ASCII) past which they are handed on at once. */
export const WRITE_AT_LENGTH = 64 * 1024;

/** `destination`: where the gathered text goes; pino's asynchronous standard output by default. */
export function batchedLogStream(destination: Destination = pino.destination({ dest: 1, sync: false })): BatchedLogStream {
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
  const onExit = () => {
    stream.end();
    // Exiting, nothing asynchronous runs any more: what the destination holds is written now.
    try {
      destination.flushSync?.();
    } catch {
      // A destination already closed, or never opened: nothing more can be written.
    }
  };

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
    flush(callback = () => undefined) {
      writeHeld();
      if (destination.flush) destination.flush(callback);
      else callback();
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

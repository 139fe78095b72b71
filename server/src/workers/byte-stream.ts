import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { fieldError } from '../app-error';

/*
 * The bytes of an upload handed to a parsing thread while they arrive. Gathering 30 MB on the
 * event loop and copying them into one buffer there holds every other request for tens of
 * milliseconds (the copy, then collecting the garbage of the pieces); here each piece goes to
 * the thread as it is read, and the thread puts the file together.
 */

/** Bytes still arriving, on a port of their own: a task's input (see `receiveBytes`). */
export interface ByteStream {
  port: MessagePort;
}

type Message = { chunk: Uint8Array } | { end: true } | { abort: true };

/**
 * Sends `source` piece by piece to the thread that receives `stream`. `sent` settles once the
 * source has ended, with its size in bytes; a source that fails aborts the stream (the thread's
 * task fails) and `sent` rejects with its error.
 */
export function sendBytes(source: AsyncIterable<Uint8Array>): {
  stream: ByteStream;
  transfer: MessagePort[];
  sent: Promise<number>;
} {
  const { port1, port2 } = new MessageChannel();
  const post = (message: Message, transfer: ArrayBuffer[] = []) => port1.postMessage(message, transfer);
  const sent = (async () => {
    let size = 0;
    try {
      for await (const piece of source) {
        // A piece of its own (a socket read is a view of a larger buffer), handed over, not copied again.
        const chunk = new Uint8Array(piece);
        size += chunk.byteLength;
        post({ chunk }, [chunk.buffer]);
      }
      post({ end: true });
      return size;
    } catch (err) {
      post({ abort: true });
      throw err;
    } finally {
      port1.close();
    }
  })();
  return { stream: { port: port2 }, transfer: [port2], sent };
}

/** On the parsing thread: the whole file once its last piece arrived (an aborted upload fails). */
export function receiveBytes(stream: ByteStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const done = () => {
      stream.port.removeAllListeners();
      stream.port.close();
    };
    stream.port.on('message', (message: Message) => {
      if ('chunk' in message) chunks.push(message.chunk);
      else if ('end' in message) {
        done();
        resolve(Buffer.concat(chunks));
      } else {
        done();
        reject(fieldError('file', 'required'));
      }
    });
    // The sender went away without a word (its thread ended): the file never came whole.
    stream.port.once('close', () => reject(fieldError('file', 'required')));
  });
}

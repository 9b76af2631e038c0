import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long, and how much, a refused upload is still read after its answer before the socket goes. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 32 * 1024 * 1024;

/**
 * An onSend hook for routes that may answer before the body has all arrived (a file over the
 * limit): the answer says `Connection: close`, and the socket closes gracefully. Node would
 * destroy it right after the answer, and a socket destroyed with unread bytes sends a TCP
 * reset that can reach the client before it has read the answer: the client then sees
 * "connection reset" instead of the 400. Like a web server's lingering close, this sends the
 * answer and a FIN, then reads and discards what is still in flight until the client closes
 * its side, 2 s or 32 MB, whichever comes first (decision 0156).
 */
export const closeUnreadBody = async (request: FastifyRequest, reply: FastifyReply) => {
  if (request.raw.complete) return;
  reply.header('connection', 'close');
  lingerOnClose(request.raw.socket);
};

function lingerOnClose(socket: Socket): void {
  // Node's server calls destroySoon() once a `Connection: close` answer is written.
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(done, LINGER_MS);
    timer.unref();
    this.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) done();
    });
    this.once('end', done);
    this.once('error', done);
    this.resume();
  };
}

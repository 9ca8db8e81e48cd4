// Members' realtime sockets for the load processes (realtime-load.mjs, mix-sockets.mjs): one
// WebSocket per member, signed in with its cookie, opened in batches as a crowd of tabs would arrive.
import WebSocket from 'ws';

/**
 * Opens a socket for every member and resolves once all are open. `onMessage(member, payload)` is
 * called for each `message.created` frame the member receives as the receiver (its own sends are
 * echoed to its socket too, and ignored here).
 * @param {string} origin
 * @param {{ id: string, cookie: string }[]} members
 * @param {(member: { id: string, cookie: string }, payload: { id: string, receiver_id: string }) => void} onMessage
 * @returns {Promise<WebSocket[]>}
 */
export async function openSockets(origin, members, onMessage) {
  const url = `${origin.replace(/^http/, 'ws')}/api/realtime`;
  const open = (member) =>
    new Promise((done, fail) => {
      const socket = new WebSocket(url, { headers: { cookie: member.cookie, origin } });
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        if (frame.type === 'message.created' && frame.payload.receiver_id === member.id)
          onMessage(member, frame.payload);
      });
      socket.once('open', () => done(socket));
      socket.once('error', fail);
      // A refused handshake, with the server's reason (e.g. 429 and its error code).
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => fail(new Error(`socket for ${member.id}: ${response.statusCode} ${body}`)));
      });
    });
  const sockets = [];
  for (let i = 0; i < members.length; i += 200) {
    sockets.push(...(await Promise.all(members.slice(i, i + 200).map(open))));
  }
  return sockets;
}

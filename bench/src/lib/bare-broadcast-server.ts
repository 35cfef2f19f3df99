import { WebSocketServer, WebSocket } from 'ws';

/**
 * The ceiling for chat fan-out: a bare `ws` server that sends every text it receives to every
 * client, with no identity, storage or checks. Run as its own process; prints its port.
 */
const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
wss.on('listening', () => console.log(JSON.stringify({ port: (wss.address() as { port: number }).port })));
wss.on('connection', (ws) => {
  ws.on('message', (data) => {
    const text = String(data);
    for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(text);
  });
});
process.on('SIGTERM', () => wss.close(() => process.exit(0)));

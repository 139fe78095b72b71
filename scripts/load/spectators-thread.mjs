// The live page's spectators, on a thread of their own so that reading 2,000 copies of every
// result does not delay the tablets' requests (nor their clocks). Each spectator is a raw
// graphql-transport-ws client subscribed to the venue's live updates, as the live page's
// graphql-ws client speaks it (bench/livescore.ts). Times are absolute (timeOrigin + now), so
// the main thread's save and this thread's receipts are on one clock. Plain JavaScript: a
// worker thread does not load through tsx on Node 20. Its messages: spectators.ts.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const SUBSCRIPTION = `subscription($v: Int!) { liveUpdates(venueId: $v) { kind venueId competitionId published
  starter { entryId order riderName nationality horseName headNumber result { status rank faults timeFaults timeMs at } } } }`;

const clock = () => performance.timeOrigin + performance.now();

const { url, venue, count } = workerData;

/** The latest save of each entry: receipts of that entry count against it. */
const saves = new Map();
const allSaves = [];
const latencies = [];
const sockets = [];
let closed = 0;
let finishing = false;

function connect() {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    socket.once('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    socket.on('close', () => {
      if (!finishing) closed += 1;
    });
    socket.on('message', (raw) => {
      const at = clock();
      const message = JSON.parse(String(raw));
      if (message.type === 'connection_ack') {
        socket.send(
          JSON.stringify({ id: '1', type: 'subscribe', payload: { query: SUBSCRIPTION, variables: { v: venue } } }),
        );
        // The server holds the subscription once it has handled that message: a moment later.
        setTimeout(() => resolve(socket), 50);
      } else if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      else if (message.type === 'next') {
        const entry = message.payload?.data?.liveUpdates?.starter?.entryId;
        const save = entry === undefined ? undefined : saves.get(entry);
        if (save && at >= save.at) {
          save.arrivals += 1;
          latencies.push(at - save.at);
        }
      } else if (message.type === 'error') reject(new Error(JSON.stringify(message.payload)));
    });
  });
}

async function start() {
  let failed = 0;
  for (let i = 0; i < count; i += 100) {
    const batch = await Promise.allSettled(Array.from({ length: Math.min(100, count - i) }, () => connect()));
    for (const result of batch) {
      if (result.status === 'fulfilled') sockets.push(result.value);
      else failed += 1;
    }
  }
  parentPort.postMessage({ type: 'ready', connected: sockets.length, failed });
}

parentPort.on('message', (message) => {
  if (message.type === 'saved') {
    const save = { at: message.at, arrivals: 0 };
    saves.set(message.entry, save);
    allSaves.push(save);
    return;
  }
  finishing = true;
  // Every spectator should have had every save: those it did not get count as missing.
  const missing = allSaves.reduce((sum, save) => sum + Math.max(0, sockets.length - save.arrivals), 0);
  for (const socket of sockets) socket.terminate();
  parentPort.postMessage({ type: 'done', saves: allSaves.length, latencies, missing, closed });
});

void start();

// A worker of the round trip test (notation.test.mjs): runs `roundTrip` on each job it is
// given ({fens, notations}) and posts the reports back. Run as a file of its own (as
// `node --test test/` does with every file here), it does nothing.
import { parentPort, workerData } from 'node:worker_threads';
import { roundTrip } from '../node.js';

if (parentPort) {
  parentPort.postMessage(workerData.map(({ fens, notations }) => roundTrip(fens, { notations })));
}

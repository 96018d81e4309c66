// `node --import tsx bench/proxy.ts <upstream>...`: the round-robin proxy (e2e/support/round-robin-proxy.ts) as a
// process of its own, so the scale-out bench (bench/scaleout.ts) can count its CPU apart and it does not share an
// event loop with autocannon. Prints `ready <port>`; SIGINT stops it.
import { startRoundRobinProxy } from '../e2e/support/round-robin-proxy';

const upstreams = process.argv.slice(2);
const proxy = await startRoundRobinProxy(upstreams);
console.log(`ready ${proxy.port}`);
process.on('SIGINT', () => void proxy.close().then(() => process.exit(0)));

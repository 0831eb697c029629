// One autocannon run in a process of its own, for the odds benchmark: the load generator then
// shares no event loop, heap or collector with the server it measures. Options come as JSON in
// argv[2]; the result goes to stdout as JSON.
import autocannon from 'autocannon';

const result = await autocannon(JSON.parse(process.argv[2]));
process.stdout.write(JSON.stringify(result));

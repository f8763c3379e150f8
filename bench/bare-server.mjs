// The bare node:http server every Desk figure is divided by: one process answering the same fixed
// body (the file named by the first argument) to every request, with the content type Desk sends.
// It reads each request body to the end before answering, as Desk must. Started by startBare() in
// bench/support.mjs; prints the line `listening on http://127.0.0.1:<port>` once it listens.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]);
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));

// autocannon's setupClient (a file path, as its worker threads require): each connection starts
// at its own place in the request list instead of all at the first request. Otherwise the 20
// connections walk the list in step: a short run covers only its head, a side that answers
// faster covers more of it than the other, and a case's writes arrive all at once.
let clients = 0;
const GOLDEN = 0.6180339887498949;

module.exports = function spreadStart(client) {
  const requests = client.opts.requests;
  if (!Array.isArray(requests) || requests.length < 2) return;
  const start = Math.floor(((clients++ * GOLDEN) % 1) * requests.length);
  client.setRequests([...requests.slice(start), ...requests.slice(0, start)]);
};

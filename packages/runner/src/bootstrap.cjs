// Runs inside the sandbox: loads the function's code from /code and answers invocations.
// Requests arrive on stdin and answers leave on fd 3, one JSON object a line, so what the
// function prints (stdout, stderr) never mixes with the protocol. The code is loaded only
// after the first line, which the runner sends once the process is in its limits.
'use strict';
const fs = require('node:fs');
const readline = require('node:readline');

const answers = fs.createWriteStream(null, { fd: 3 });
const send = (message) => answers.write(`${JSON.stringify(message)}\n`);
let handler = null;

function load(entry, name) {
  const mod = require(`/code/${entry}`);
  const fn = mod && typeof mod[name] === 'function' ? mod[name] : null;
  if (!fn) throw new Error(`the code has no function "${name}" in module.exports`);
  return fn;
}

/** AppGallery Connect's handler shapes: (event, context, callback, logger) or async (event, context). */
function invoke(fn, event, context) {
  return new Promise((resolve, reject) => {
    const logger = { info: console.log, warn: console.warn, error: console.error, debug: console.log };
    const callback = (result) => resolve(result);
    try {
      const out = fn(event, context, callback, logger);
      if (out && typeof out.then === 'function') out.then(resolve, reject);
    } catch (e) {
      reject(e);
    }
  });
}

readline.createInterface({ input: process.stdin }).on('line', async (line) => {
  const message = JSON.parse(line);
  if (message.type === 'load') {
    try {
      handler = load(message.entry, message.handler);
      send({ type: 'loaded' });
    } catch (e) {
      send({ type: 'loaded', error: String((e && e.message) || e) });
    }
    return;
  }
  try {
    const result = await invoke(handler, message.event, message.context);
    send({ type: 'result', id: message.id, result: result === undefined ? null : result });
  } catch (e) {
    send({ type: 'result', id: message.id, error: String((e && e.message) || e) });
  }
});

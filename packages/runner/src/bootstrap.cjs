// Runs inside the sandbox: loads the function's code from /code and answers invocations.
// Requests arrive on stdin and answers leave on fd 3, one JSON object a line, so what the
// function prints (stdout, stderr) never mixes with the protocol. The code is loaded only
// when asked (a pre-started runner waits for its function), after the process is in its
// limits. What a call prints through console or its logger comes back with its answer,
// even when calls overlap (AsyncLocalStorage).
'use strict';
const fs = require('node:fs');
const readline = require('node:readline');
const { AsyncLocalStorage } = require('node:async_hooks');
const { format } = require('node:util');

const answers = fs.createWriteStream(null, { fd: 3 });
const send = (message) => answers.write(`${JSON.stringify(message)}\n`);
const calls = new AsyncLocalStorage();
const OUTPUT_LIMIT = 32 * 1024;
let handler = null;
let resultLimit = 6 * 1024 * 1024;

// A call's printing is kept for its answer as well as written out.
for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    const call = calls.getStore();
    if (call && call.output.length < OUTPUT_LIMIT) call.output += `${format(...args)}\n`.slice(0, OUTPUT_LIMIT - call.output.length);
    original(...args);
  };
}

/** AppGallery Connect's answer for an HTTP trigger: `new context.HTTPResponse(body, headers, contentType, statusCode)`. */
class HTTPResponse {
  constructor(body, headers, contentType, statusCode) {
    this.body = body;
    this.headers = headers || {};
    this.contentType = contentType || 'application/json';
    this.statusCode = Number(statusCode) || 200;
  }
}

function load(message) {
  for (const [name, value] of Object.entries(message.env || {})) process.env[name] = value;
  resultLimit = message.resultLimit || resultLimit;
  const mod = require(`/code/${message.entry}`);
  const fn = mod && typeof mod[message.handler] === 'function' ? mod[message.handler] : null;
  if (!fn) throw new Error(`the code has no function "${message.handler}" in module.exports`);
  return fn;
}

/** Both handler shapes: (event, context, callback, logger) or async (event, context). */
function invoke(fn, event, context) {
  return new Promise((resolve, reject) => {
    const logger = { info: console.info, warn: console.warn, error: console.error, debug: console.debug };
    try {
      const out = fn(event, { ...context, HTTPResponse }, resolve, logger);
      if (out && typeof out.then === 'function') out.then(resolve, reject);
    } catch (e) {
      reject(e);
    }
  });
}

function answer(id, result, output) {
  const http = result instanceof HTTPResponse ? { statusCode: result.statusCode, headers: result.headers, contentType: result.contentType, body: result.body } : undefined;
  let line;
  try {
    line = JSON.stringify(http ? { id, http, output } : { id, result: result === undefined ? null : result, output });
  } catch (e) {
    return send({ id, error: `the result cannot be sent as JSON: ${e.message}`, output });
  }
  if (line.length > resultLimit) return send({ id, error: `the result is larger than ${resultLimit} bytes`, output });
  answers.write(`${line}\n`);
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.type === 'ping') return send({ id: message.id });
  if (message.type === 'load') {
    try {
      handler = load(message);
      return send({ id: message.id });
    } catch (e) {
      return send({ id: message.id, error: String((e && e.message) || e) });
    }
  }
  const call = { output: '' };
  calls.run(call, async () => {
    try {
      answer(message.id, await invoke(handler, message.event, message.context), call.output);
    } catch (e) {
      // The message is the answer; where it came from goes to the call's output.
      const stack = e && typeof e.stack === 'string' ? `${e.stack}\n` : '';
      send({ id: message.id, error: String((e && e.message) || e), output: call.output + stack });
    }
  });
});

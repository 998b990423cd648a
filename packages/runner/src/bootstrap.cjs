// Runs inside the sandbox: loads the function's code from /code and answers invocations.
// Requests arrive on stdin and answers leave on fd 3, one JSON object a line, so what the
// function prints (stdout, stderr) never mixes with the protocol. The code is loaded only
// when asked (a pre-started runner waits for its function), after the process is in its
// limits. What a call prints through its logger comes back with its answer; so does what it
// prints through console while it is the only call in the runner. (AsyncLocalStorage would
// tell overlapping calls' console apart, at a tenth of a warm call's speed on Node 20.)
'use strict';
const fs = require('node:fs');
const { format } = require('node:util');

// A socket on the pipe, not fs.createWriteStream: those writes go through the thread pool.
const answers = new (require('node:net').Socket)({ fd: 3, readable: false, writable: true });
// Answers of one turn of the event loop leave in one write.
const write = (line) => {
  if (!answers.writableCorked) {
    answers.cork();
    setImmediate(() => answers.uncork());
  }
  answers.write(line);
};
const send = (message) => write(`${JSON.stringify(message)}\n`);
/** The calls in progress, each with what it printed. */
const active = new Set();
const OUTPUT_LIMIT = 32 * 1024;
let handler = null;
let resultLimit = 6 * 1024 * 1024;

// With egress on, the proxy's socket is mounted: fetch goes to it through a forwarder on the
// sandbox's own loopback (the sandbox has no other network). Done at start, before any code.
if (fs.existsSync('/run/egress.sock')) {
  const net = require('node:net');
  const forwarder = net.createServer((inside) => {
    const out = net.connect('/run/egress.sock');
    inside.on('error', () => out.destroy());
    out.on('error', () => inside.destroy());
    inside.pipe(out).pipe(inside);
  });
  forwarder.listen(3128, '127.0.0.1');
  forwarder.unref();
  const { setGlobalDispatcher, ProxyAgent } = require('/runtime/undici');
  setGlobalDispatcher(new ProxyAgent('http://127.0.0.1:3128'));
}

// Each kept line also goes out with its level and its time since the call began, for the function's logs.
const keep = (call, level, args) => {
  if (call.output.length >= OUTPUT_LIMIT) return;
  const text = format(...args).slice(0, OUTPUT_LIMIT - call.output.length);
  call.output += `${text}\n`;
  call.lines.push([level, Date.now() - call.started, text]);
};
const LEVELS = ['log', 'info', 'warn', 'error', 'debug'];
const LEVEL_OF = { log: 'info', info: 'info', warn: 'warn', error: 'error', debug: 'debug' };
const printers = Object.fromEntries(LEVELS.map((level) => [level, console[level].bind(console)]));
// Console output is the call's while it runs alone, and always written out.
for (const level of LEVELS) {
  console[level] = (...args) => {
    if (active.size === 1) for (const call of active) keep(call, LEVEL_OF[level], args);
    printers[level](...args);
  };
}
/** AppGallery Connect's logger argument: always its own call's. */
class Logger {
  constructor(call) {
    this.call = call;
  }
  info(...args) {
    keep(this.call, 'info', args);
    printers.info(...args);
  }
  warn(...args) {
    keep(this.call, 'warn', args);
    printers.warn(...args);
  }
  error(...args) {
    keep(this.call, 'error', args);
    printers.error(...args);
  }
  debug(...args) {
    keep(this.call, 'debug', args);
    printers.debug(...args);
  }
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
function invoke(fn, event, context, logger) {
  return new Promise((resolve, reject) => {
    try {
      const out = fn(event, { ...context, HTTPResponse }, resolve, logger);
      if (out && typeof out.then === 'function') out.then(resolve, reject);
    } catch (e) {
      reject(e);
    }
  });
}

/** The process's resident memory as a call ends, in MB (what a call's memory is read as; calls sharing a runner share it). */
const memoryMb = () => Math.round((process.memoryUsage.rss() / 1048576) * 10) / 10;

function answer(id, result, output, lines) {
  const http = result instanceof HTTPResponse ? { statusCode: result.statusCode, headers: result.headers, contentType: result.contentType, body: result.body } : undefined;
  const mem = memoryMb();
  let line;
  try {
    line = JSON.stringify(http ? { id, http, output, lines, mem } : { id, result: result === undefined ? null : result, output, lines, mem });
  } catch (e) {
    return send({ id, error: `the result cannot be sent as JSON: ${e.message}`, output, lines, mem });
  }
  if (line.length > resultLimit) return send({ id, error: `the result is larger than ${resultLimit} bytes`, output, lines, mem });
  write(`${line}\n`);
}

function onLine(line) {
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
  const call = { output: '', lines: [], started: Date.now() };
  active.add(call);
  invoke(handler, message.event, message.context, new Logger(call)).then(
    (result) => {
      active.delete(call);
      answer(message.id, result, call.output, call.lines);
    },
    (e) => {
      active.delete(call);
      // The message is the answer; where it came from goes to the call's output.
      const stack = e && typeof e.stack === 'string' ? `${e.stack}\n` : '';
      if (stack) call.lines.push(['error', Date.now() - call.started, stack.slice(0, OUTPUT_LIMIT)]);
      send({ id: message.id, error: String((e && e.message) || e), output: call.output + stack, lines: call.lines, mem: memoryMb() });
    },
  );
}

// Requests are lines of JSON; split here rather than with readline, which costs more per line.
let rest = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (rest + chunk).split('\n');
  rest = lines.pop();
  for (const line of lines) if (line) onLine(line);
});

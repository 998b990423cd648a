'use strict';
// A layer build, inside its sandbox: the only way out is the egress proxy's Unix socket,
// which reaches the package registry alone. npm speaks TCP to a proxy, so a loopback port
// is bridged to that socket; then npm installs /build/package.json with no script run.
const net = require('node:net');
const { spawn } = require('node:child_process');

const bridge = net.createServer((client) => {
  const out = net.connect('/run/egress.sock');
  client.pipe(out).pipe(client);
  client.on('error', () => out.destroy());
  out.on('error', () => client.destroy());
});

bridge.listen(0, '127.0.0.1', () => {
  const proxy = `http://127.0.0.1:${bridge.address().port}`;
  const npm = spawn(
    '/runtime/node',
    [
      '/runtime/npm/bin/npm-cli.js', 'install', '--ignore-scripts', '--omit=dev', '--omit=optional', '--no-audit', '--no-fund', '--no-update-notifier',
      `--registry=${process.env.REGISTRY}`, `--proxy=${proxy}`, `--https-proxy=${proxy}`, '--cache=/tmp/npm-cache', '--userconfig=/tmp/npmrc', '--loglevel=http',
    ],
    { stdio: 'inherit', env: { HOME: '/tmp', PATH: '/runtime' } },
  );
  npm.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (apps/server) answers these paths; in development Vite forwards them.
const SERVER = 'http://localhost:8080';
const proxied = ['/agc', '/healthz', '/docs', '/__test'];

export default defineConfig({
  plugins: [react()],
  // One build serves `/`, `/en/` and `/ru/`: hashed assets are always under /assets/.
  base: '/',
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: SERVER, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // Libraries change less often than the console: separate chunks stay cached
        // across deploys. (Later families add their own lazy chunks per route.)
        codeSplitting: {
          groups: [
            // Only the first chart drawn fetches it (ui/chart/load.ts).
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 5 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 4 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|stylis|@emotion|dayjs)[\\/]/, priority: 3 },
            // Only a page with a code editor fetches it (ui/code-editor). Below react: a group
            // takes what its modules import unless a group above claims it, and the editor
            // imports React.
            { name: 'codemirror', test: /node_modules[\\/](@codemirror|@uiw|@lezer|codemirror|crelt|style-mod|w3c-keyname|@marijn)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules/, priority: 1 },
          ],
        },
      },
    },
  },
});

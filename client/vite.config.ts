// The React client, built into client/dist and served by the engine (engine/server/client-route.ts).
// `npm run dev:client` serves it with hot reload, sending /process and friends to a running engine.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const engine = process.env.ENGINE_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: Object.fromEntries(['/process', '/file', '/out', '/contract', '/health'].map((p) => [p, engine])),
  },
});

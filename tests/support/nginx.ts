/**
 * A real nginx in front of several server instances, round robin, as docs/operations.md ("Running several
 * instances") describes. nginx comes from Debian's packages (`npm test` installs it when missing,
 * as it does Chromium).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, freshDataDir } from './server.ts';

export const NGINX = '/usr/sbin/nginx';

const nginxConfig = (dir: string, port: number, upstreams: number[]) => `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream bulkhead { ${upstreams.map((upstream) => `server 127.0.0.1:${upstream};`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://bulkhead;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;

export interface RunningNginx {
  url: string;
  stop(): void;
}

/**
 * Starts nginx in front of `upstreams` on `port` (chosen before the instances start when they must
 * know their public URL) and resolves once it answers /api/health.
 */
export async function startNginx(upstreams: number[], port?: number): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`This test needs nginx at ${NGINX}: apt-get install -y nginx (npm test does it as root).`);
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = freshDataDir('bulkhead-nginx');
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp), { recursive: true });
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreams));
  const nginx = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await fetch(`${url}/api/health`).then((reply) => reply.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop: () => void nginx.kill('SIGTERM') };
}

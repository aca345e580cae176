import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for imgbb's upload API with its observable behaviour: key in the query,
 * multipart field `image`, `{data: {url}, success, status}` on success and
 * `{status_code, error: {message}, success: false}` on failure. Stored bytes are served back.
 */
export const startFakeImageHost = async (options: { key: string }) => {
  const files = new Map<string, Uint8Array>();
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname.startsWith('/i/')) {
      const file = files.get(url.pathname.slice(3));
      if (!file) return reply(404, { status_code: 404, error: { message: 'Not found' }, success: false });
      res.writeHead(200).end(file);
      return;
    }
    if (req.method !== 'POST' || url.pathname !== '/1/upload') return reply(404, { success: false });
    if (url.searchParams.get('key') !== options.key) {
      return reply(400, { status_code: 400, error: { message: 'Invalid API v1 key.' }, success: false });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request('http://localhost', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    });
    const form = await request.formData().catch(() => null);
    const image = form?.get('image');
    if (!(image instanceof Blob) || image.size === 0) {
      return reply(400, { status_code: 400, error: { message: 'Empty upload source.' }, success: false });
    }
    const id = `${files.size + 1}-${Math.random().toString(36).slice(2, 10)}`;
    files.set(id, new Uint8Array(await image.arrayBuffer()));
    const { port } = server.address() as AddressInfo;
    reply(200, { data: { id, url: `http://127.0.0.1:${port}/i/${id}` }, success: true, status: 200 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/1/upload`,
    uploads: files,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

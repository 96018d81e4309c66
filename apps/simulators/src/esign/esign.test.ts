import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../platform/server';
import { eventually, httpClient } from '../platform/testing';
import { buildEsignServer } from './server';

const TOKEN = 'firma-de-prueba';
const SECRET = 'secreto-de-webhooks';
let url = '';
const { app, webhooks } = buildEsignServer({
  token: TOKEN,
  webhookSecret: SECRET,
  publicBaseUrl: () => url,
  webhookRetryDelaysMs: [20, 20],
});

type Received = { body: string; signature: string | undefined };
const received: Received[] = [];
let receiver: Server;
let callbackUrl: string;

beforeAll(async () => {
  url = (await listen(app, '127.0.0.1', 0)).url;
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ body, signature: request.headers['x-esign-signature'] as string | undefined });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/esign`;
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const esign = () => httpClient(url, TOKEN);
/** The events received for an envelope, without their timestamp (checked here: signed, ISO, recent). */
const eventsOf = (envelopeId: string) =>
  received
    .map((r) => JSON.parse(r.body) as Record<string, string>)
    .filter((e) => e.envelopeId === envelopeId)
    .map(({ timestamp, ...event }) => {
      expect(Math.abs(Date.now() - Date.parse(timestamp!))).toBeLessThan(60_000);
      return event;
    });

async function onePagePdf(): Promise<string> {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('Pagaré de disposición');
  return Buffer.from(await pdf.save()).toString('base64');
}

type EnvelopeAnswer = {
  envelopeId: string;
  reference: string;
  status: string;
  signers: { signerId: string; name: string; email: string; signUrl: string; status: string }[];
};

async function createEnvelope(callback = callbackUrl) {
  return esign().post<EnvelopeAnswer>('/envelopes', {
    reference: 'provision:42',
    documentName: 'Pagaré disposición 42',
    pdfBase64: await onePagePdf(),
    signers: [
      { name: 'Ramón Garza Treviño', email: 'representante@autosdelnorte.mx' },
      { name: 'Mariana Cantú Villarreal', email: 'mariana.cantu@autosdelnorte.mx' },
    ],
    callbackUrl: callback,
  });
}

describe('e-signature simulator', () => {
  it('asks for the token on the envelope API but not on the sign pages', async () => {
    expect((await httpClient(url).post('/envelopes', {})).status).toBe(401);
    const { body } = await createEnvelope();
    expect((await httpClient(url).get(`/envelopes/${body.envelopeId}`)).status).toBe(401);
    expect((await httpClient(url).get(`/envelopes/${body.envelopeId}/document`)).status).toBe(401);
    const signer = body.signers[0]!;
    expect((await httpClient(url).get(`/sign/${body.envelopeId}/${signer.signerId}`)).status).toBe(200);
  });

  it('refuses a document that is not a PDF and incomplete requests', async () => {
    const notPdf = Buffer.from('hola, no soy un PDF').toString('base64');
    const base = { reference: 'r', documentName: 'd', signers: [{ name: 'A', email: 'a@b.mx' }], callbackUrl };
    expect(await esign().post('/envelopes', { ...base, pdfBase64: notPdf })).toMatchObject({
      status: 400,
      body: { message: expect.any(String) },
    });
    const pdfBase64 = await onePagePdf();
    for (const bad of [
      { ...base, pdfBase64, signers: [] },
      { ...base, pdfBase64, callbackUrl: 'no-es-url' },
      { ...base, pdfBase64, reference: '' },
      { ...base, pdfBase64, signers: [{ name: 'A', email: 'sin-arroba' }] },
    ]) {
      expect((await esign().post('/envelopes', bad)).status).toBe(400);
    }
    expect((await esign().get('/envelopes/no-existe')).status).toBe(404);
  });

  it('runs the whole flow: sent, signed twice, completed, and a stamped document', async () => {
    const created = await createEnvelope();
    expect(created.status).toBe(201);
    const { envelopeId, signers } = created.body;
    expect(created.body).toMatchObject({ reference: 'provision:42', status: 'sent' });
    expect(signers).toHaveLength(2);
    for (const signer of signers) {
      expect(signer).toMatchObject({ status: 'pending', signUrl: `${url}/sign/${envelopeId}/${signer.signerId}` });
    }

    await eventually(() => eventsOf(envelopeId).length === 1);
    for (const hook of received) {
      expect(hook.signature).toBe(`sha256=${createHmac('sha256', SECRET).update(hook.body).digest('hex')}`);
    }
    expect(eventsOf(envelopeId)).toEqual([{ event: 'sent', envelopeId, reference: 'provision:42' }]);

    const page = await fetch(signers[0]!.signUrl);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Pagaré disposición 42');
    expect(html).toContain('Ramón Garza Treviño');
    expect(html).toMatch(/<form method="post"[^>]*>[\s\S]*Firmar<\/button>/);

    // The first signer posts from the page (a form), the second as a program.
    const signed = await fetch(signers[0]!.signUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: '',
    });
    expect(signed.status).toBe(200);
    expect(await signed.text()).toContain('Firmaste este documento');
    await eventually(() => eventsOf(envelopeId).length === 2);
    expect((await esign().get<EnvelopeAnswer>(`/envelopes/${envelopeId}`)).body).toMatchObject({
      status: 'sent',
      signers: [{ status: 'signed' }, { status: 'pending' }],
    });

    const last = await httpClient(url).post<EnvelopeAnswer>(`/sign/${envelopeId}/${signers[1]!.signerId}`);
    expect(last).toMatchObject({ status: 200, body: { status: 'completed' } });
    await eventually(() => eventsOf(envelopeId).length === 4);
    expect(eventsOf(envelopeId)).toEqual([
      { event: 'sent', envelopeId, reference: 'provision:42' },
      { event: 'signed', envelopeId, reference: 'provision:42', signerId: signers[0]!.signerId },
      { event: 'signed', envelopeId, reference: 'provision:42', signerId: signers[1]!.signerId },
      { event: 'completed', envelopeId, reference: 'provision:42' },
    ]);

    // Signing again changes nothing and sends nothing.
    expect((await httpClient(url).post(`/sign/${envelopeId}/${signers[1]!.signerId}`)).status).toBe(200);

    const document = await fetch(`${url}/envelopes/${envelopeId}/document`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(document.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await document.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 4)).toString('latin1')).toBe('%PDF');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    // A webhook is queued as its answer closes, before the answer reaches us: once every queued delivery has
    // arrived, a fifth event from the repeated signature would be here.
    await webhooks.idle();
    expect(webhooks.deliveries.filter((d) => d.event.envelopeId === envelopeId)).toHaveLength(4);
    expect(eventsOf(envelopeId)).toHaveLength(4);
  });

  it('serves the original document until the envelope is completed', async () => {
    const { body } = await createEnvelope();
    const document = await fetch(`${url}/envelopes/${body.envelopeId}/document`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect((await PDFDocument.load(new Uint8Array(await document.arrayBuffer()))).getPageCount()).toBe(1);
  });

  it('signs even when the callback is down, and retries the webhook', async () => {
    const { body } = await createEnvelope('http://127.0.0.1:9/caido');
    const signer = body.signers[0]!;
    expect((await httpClient(url).post(`/sign/${body.envelopeId}/${signer.signerId}`)).status).toBe(200);
    const failed = await eventually(async () => {
      const list = (
        await esign().get<{ event: { envelopeId: string; event: string }; attempts: number; delivered: boolean }[]>(
          '/__admin/webhooks',
        )
      ).body.filter((d) => d.event.envelopeId === body.envelopeId);
      return list.length === 2 && list.every((d) => d.attempts === 3) ? list : undefined;
    });
    expect(failed.map((d) => [d.event.event, d.delivered])).toEqual([
      ['sent', false],
      ['signed', false],
    ]);
  });

  it('obeys its fault knobs on the envelope API', async () => {
    await esign().put('/__admin/faults', { route: 'GET /envelopes/:envelopeId', errorRate: 1 });
    const { body } = await createEnvelope();
    expect((await esign().get(`/envelopes/${body.envelopeId}`)).status).toBe(500);
    await esign().delete('/__admin/faults');
    expect((await esign().get(`/envelopes/${body.envelopeId}`)).status).toBe(200);
  });
});

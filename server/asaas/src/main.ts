// The Asaas-compatible server on its own: `pnpm start` (tsx src/main.ts). Environment:
//   ASAAS_PORT (8090)  ASAAS_HOST (0.0.0.0)  ASAAS_API_KEY (required)
//   ASAAS_WEBHOOK_URL, ASAAS_WEBHOOK_TOKEN (where events go, and the asaas-access-token they carry)
import { startAsaas } from './index';

async function main(): Promise<void> {
  const apiKey = process.env.ASAAS_API_KEY;
  if (!apiKey) throw new Error('ASAAS_API_KEY is required: the key clients send in the access_token header');
  const webhookUrl = process.env.ASAAS_WEBHOOK_URL;
  const server = await startAsaas({
    apiKey,
    port: Number(process.env.ASAAS_PORT ?? 8090),
    host: process.env.ASAAS_HOST ?? '0.0.0.0',
    webhook: webhookUrl ? { url: webhookUrl, authToken: process.env.ASAAS_WEBHOOK_TOKEN ?? '', enabled: true } : null,
    logger: true,
  });
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// A stand-in SMS gateway for trying a production setup without a real one (docs/deploy.md, "Try it
// without an SMS gateway"). It speaks the part of AfroMessage's API the app uses (docs/auth.md):
// POST /api/send with `Authorization: Bearer <token>` and JSON {from?, sender, to, message}; it
// answers {"acknowledge":"success"} and prints each message, sign-in codes included, on stdout.
// Listens on 127.0.0.1 only. Never leave it running where real people sign in.
//   SMS_RECORDER_TOKEN=some-token node deploy/sms-recorder.mjs [port, default 8099]
import http from 'node:http';

const port = Number(process.argv[2] ?? 8099);
const token = process.env.SMS_RECORDER_TOKEN;
if (!token) {
  console.error("Set SMS_RECORDER_TOKEN (the same value as the app's SMS_GATEWAY_TOKEN).");
  process.exit(64);
}

http
  .createServer((req, res) => {
    const answer = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== '/api/send') return answer(404, { acknowledge: 'error', response: { errors: ['not found'] } });
    if (req.headers.authorization !== `Bearer ${token}`) return answer(401, { acknowledge: 'error', response: { errors: ['bad token'] } });
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      let sms;
      try {
        sms = JSON.parse(raw);
      } catch {
        return answer(400, { acknowledge: 'error', response: { errors: ['not JSON'] } });
      }
      console.log(`${new Date().toISOString()} to=${sms.to} sender=${sms.sender}${sms.from ? ` from=${sms.from}` : ''}: ${sms.message}`);
      answer(200, { acknowledge: 'success', response: { status: 'Send', to: sms.to, message: sms.message } });
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`SMS recorder on http://127.0.0.1:${port} (POST /api/send)`));

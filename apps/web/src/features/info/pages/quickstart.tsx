import { CodeSample } from '../components/code-sample.tsx';
import { InfoPage } from '../components/info-page.tsx';

const READ = `curl '{origin}/api/videos?limit=3&sort=views'`;
const REGISTER = `curl -X POST '{origin}/api/auth/register' \\
  -H 'content-type: application/json' \\
  -d '{"email": "you@example.com", "password": "a long password"}'`;
const CALL = `TOKEN=...   # access_token from the answer above
curl '{origin}/api/user/profile' -H "authorization: Bearer $TOKEN"`;
const WALLET = `// in a page with a browser wallet (EIP-1193)
const [address] = await ethereum.request({ method: 'eth_requestAccounts' });
const post = (path, body) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
const { message } = await post('/api/auth/challenge', { wallet_address: address });
const signature = await ethereum.request({ method: 'personal_sign', params: [message, address] });
const { access_token } = await post('/api/auth/verify', { wallet_address: address, message, signature });`;
const ERROR = `HTTP/1.1 401 Unauthorized
{"detail": "Please sign in first", "code": "unauthorized"}`;

export function QuickstartPage() {
  return (
    <InfoPage
      name="quickstart"
      title="info.quickstart.title"
      blocks={[
        { id: 'read', content: <CodeSample code={READ} label="info.quickstart.shell" /> },
        { id: 'account', content: <CodeSample code={REGISTER} label="info.quickstart.shell" /> },
        { id: 'call', content: <CodeSample code={CALL} label="info.quickstart.shell" /> },
        { id: 'wallet', content: <CodeSample code={WALLET} label="info.quickstart.javascript" /> },
        { id: 'errors', content: <CodeSample code={ERROR} label="info.quickstart.response" /> },
        'next',
      ]}
    />
  );
}

import { createSign } from 'node:crypto';
import {
  ChannelDeliveryFailed,
  ChannelNotConfigured,
  gatewayBase,
  postToGateway,
  text,
} from './types';
import type { ChannelContext, ChannelSend, Recipient } from './types';

/** Server attributes of the Firebase channel: the service-account JSON and the FCM base URL. */
export const FIREBASE_KEYS = {
  serviceAccount: 'notificator.firebase.serviceAccount',
  url: 'notificator.firebase.url',
} as const;

const FIREBASE_DEFAULT_URL = 'https://fcm.googleapis.com';
const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

/** The fields FCM needs from a service-account JSON (string or object); null when incomplete. */
export function parseServiceAccount(value: unknown): ServiceAccount | null {
  let raw: unknown = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!raw || typeof raw !== 'object') return null;
  const fields = raw as Record<string, unknown>;
  const projectId = text(fields.project_id);
  const clientEmail = text(fields.client_email);
  const privateKey = text(fields.private_key);
  const tokenUri = text(fields.token_uri) ?? 'https://oauth2.googleapis.com/token';
  if (!projectId || !clientEmail || !privateKey) return null;
  return { projectId, clientEmail, privateKey, tokenUri };
}

export const firebaseConfigured = (settings: Record<string, unknown>): boolean =>
  parseServiceAccount(settings[FIREBASE_KEYS.serviceAccount]) !== null;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The RS256-signed JWT assertion Google's token endpoint exchanges for an access token. */
function signAssertion(account: ServiceAccount, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      iss: account.clientEmail,
      scope: SCOPE,
      aud: account.tokenUri,
      iat: nowSeconds,
      exp: nowSeconds + 3600,
    }),
  );
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${claims}`);
  return `${header}.${claims}.${base64url(signer.sign(account.privateKey))}`;
}

const tokens = new Map<string, { token: string; expires: number }>();

async function accessToken(ctx: ChannelContext, account: ServiceAccount): Promise<string> {
  const cacheKey = `${account.tokenUri} ${account.clientEmail}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.expires > Date.now() + 60_000) return cached.token;
  let assertion: string;
  try {
    assertion = signAssertion(account, Math.floor(Date.now() / 1000));
  } catch {
    throw new ChannelDeliveryFailed('Firebase service account key is invalid');
  }
  const response = await postToGateway(ctx, 'Firebase', account.tokenUri, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion,
    }).toString(),
  });
  const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
  const token = text(body.access_token);
  if (!token) throw new ChannelDeliveryFailed('Firebase token endpoint gave no access token');
  const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  tokens.set(cacheKey, { token, expires: Date.now() + seconds * 1000 });
  return token;
}

/** The user's `notificationTokens` attribute: a comma-separated list of device tokens. */
export function userTokens(user: Recipient): string[] {
  const value = user.attributes.notificationTokens;
  if (typeof value !== 'string') return [];
  return [...new Set(value.split(/[,\s]+/).filter(Boolean))];
}

/** FCM HTTP v1: one message per registered device token of the user. */
export const sendFirebase: ChannelSend = async (ctx, user, message) => {
  const account = parseServiceAccount(ctx.settings[FIREBASE_KEYS.serviceAccount]);
  if (!account) throw new ChannelNotConfigured('Firebase');
  const targets = userTokens(user);
  if (targets.length === 0) throw new ChannelDeliveryFailed('No notification tokens registered');
  const token = await accessToken(ctx, account);
  const base = gatewayBase(ctx, FIREBASE_KEYS.url, FIREBASE_DEFAULT_URL);
  const url = `${base}/v1/projects/${encodeURIComponent(account.projectId)}/messages:send`;
  for (const target of targets) {
    await postToGateway(ctx, 'Firebase', url, {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        message: { token: target, notification: { title: message.subject, body: message.text } },
      }),
    });
  }
};

import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorText, NullableString, errors } from '../schemas';
import { checkCredentials } from '../../signIn/login';
import { applyBillingRules } from '../../billing/job';
import {
  applyProviderUpdate,
  billingUsers,
  cancelInvoice,
  createInvoice,
  lockUser,
  myInvoices,
  receivedInCash,
  requireBillingOn,
  trustUnlock,
  unlockUser,
  webhookTokenValid,
} from '../../billing/service';
import { unauthorized } from '../../errors';
import { plusAdmin } from '../context';

const InvoiceSchema = Type.Object({
  id: Type.Integer(),
  userId: Type.Optional(Type.Integer()),
  dueDate: Type.String(),
  value: Type.Integer({ description: 'cents' }),
  status: Type.String(),
  paidDate: Type.Optional(NullableString()),
  link: Type.Optional(NullableString()),
  description: Type.Optional(NullableString()),
  created: Type.Optional(Type.String()),
});

const BillingUserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  billingEnabled: Type.Boolean(),
  suspended: Type.Boolean(),
  manual: Type.Boolean(),
  exempt: Type.Boolean(),
  trustUsed: Type.Boolean(),
  graceUntil: NullableString(),
  invoices: Type.Array(InvoiceSchema),
});

const Amount = Type.Union([Type.Number({ minimum: 0 }), Type.String({ maxLength: 32 })]);
const Mode = Type.Union([Type.Literal('FIXED'), Type.Literal('PERCENTAGE'), Type.Literal('')]);

/** Tarkan's "add invoice" body: billing attributes overriding the user's and server's. */
const SaveBody = Type.Object(
  {
    'tarkan.billingPrice': Type.Optional(Amount),
    'tarkan.billingDescription': Type.Optional(Type.String({ maxLength: 256 })),
    'tarkan.billingFine': Type.Optional(Amount),
    'tarkan.billingFineMode': Type.Optional(Mode),
    'tarkan.billingInterest': Type.Optional(Amount),
    'tarkan.billingDisccount': Type.Optional(Amount),
    'tarkan.billingDisccountMode': Type.Optional(Mode),
    'tarkan.billingDisccountDays': Type.Optional(Amount),
    dueDateLimitDays: Type.Optional(Amount),
    installmentCount: Type.Optional(Type.Literal(1)),
    dueDate: Type.Optional(Type.String({ maxLength: 10 })),
  },
  { additionalProperties: false },
);

const UserParams = Type.Object({ userId: Type.Integer() });
const InvoiceParams = Type.Object({ invoiceId: Type.Integer() });
const Done = Type.Object({ success: Type.Boolean() });
const invoiceErrors = { ...errors, 429: ErrorText };

const WebhookBody = Type.Object({
  event: Type.Optional(Type.String({ maxLength: 64 })),
  payment: Type.Object({
    id: Type.String({ minLength: 1, maxLength: 128 }),
    status: Type.String({ maxLength: 64 }),
    paymentDate: Type.Optional(NullableString({ maxLength: 32 })),
  }),
});

/**
 * `/tarkan/invoices`: "my invoices", the administrator's billing manager (plus licence and the
 * server's billing switch), the trust unlock and the payment provider's webhook. Unlike Tarkan,
 * every state change is a POST (docs/extension-api.md). The billing job runs in the jobs plugin.
 */
export const invoiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, auth, billing: deps } = app;
  const cycle = () => applyBillingRules(deps, (id) => app.hub.closeUser(id), app.log);

  const plus = plusAdmin(app);
  const manager = async (request: FastifyRequest) => {
    await plus(request);
    await requireBillingOn(db);
  };

  app.get(
    '/tarkan/invoices',
    {
      onRequest: auth.userHook,
      schema: { response: { 200: Type.Array(InvoiceSchema), ...invoiceErrors } },
    },
    async (request) => {
      const { user } = await auth.requireUser(request);
      await requireBillingOn(db);
      return myInvoices(db, user.id);
    },
  );

  app.get(
    '/tarkan/invoices/manager',
    {
      onRequest: manager,
      schema: { response: { 200: Type.Array(BillingUserSchema), ...invoiceErrors } },
    },
    async () => billingUsers(db),
  );

  app.post(
    '/tarkan/invoices/manager/:userId/save',
    {
      onRequest: manager,
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        params: UserParams,
        body: SaveBody,
        response: { 200: InvoiceSchema, ...invoiceErrors },
      },
    },
    async (request) => {
      const invoice = await createInvoice(deps, request.params.userId, request.body);
      await cycle();
      return invoice;
    },
  );

  app.post(
    '/tarkan/invoices/manager/:invoiceId/setAsReceivedCash',
    {
      onRequest: manager,
      schema: { params: InvoiceParams, response: { 200: InvoiceSchema, ...invoiceErrors } },
    },
    async (request) => receivedInCash(deps, request.params.invoiceId),
  );

  app.post(
    '/tarkan/invoices/manager/:invoiceId/delete',
    {
      onRequest: manager,
      schema: { params: InvoiceParams, response: { 200: InvoiceSchema, ...invoiceErrors } },
    },
    async (request) => cancelInvoice(deps, request.params.invoiceId),
  );

  app.post(
    '/tarkan/invoices/manager/:userId/lockUser',
    {
      onRequest: manager,
      schema: { params: UserParams, response: { 200: Done, ...invoiceErrors } },
    },
    async (request) => {
      await lockUser(db, request.params.userId);
      app.hub.closeUser(request.params.userId);
      return { success: true };
    },
  );

  app.post(
    '/tarkan/invoices/manager/:userId/unlockUser',
    {
      onRequest: manager,
      schema: {
        params: UserParams,
        querystring: Type.Object({ perma: Type.Optional(Type.Boolean()) }),
        response: { 200: Done, ...invoiceErrors },
      },
    },
    async (request) => {
      await unlockUser(db, request.params.userId, request.query.perma === true);
      return { success: true };
    },
  );

  app.post(
    '/tarkan/invoices/unlock',
    {
      schema: {
        body: Type.Object({
          username: Type.String({ minLength: 1, maxLength: 256 }),
          password: Type.String({ minLength: 1, maxLength: 256 }),
        }),
        response: {
          200: Type.Object({ success: Type.Boolean(), until: Type.String() }),
          ...invoiceErrors,
        },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      // The unlock opens no session, so the password alone is asked, even with a TOTP key.
      const credentials = { address: request.ip, email: username, password };
      const user = await checkCredentials(db, app.throttle, credentials, false);
      const { until } = await trustUnlock(db, user);
      return { success: true, until };
    },
  );

  app.post(
    '/tarkan/invoices/webhook',
    { schema: { body: WebhookBody, response: { 200: Done, ...invoiceErrors } } },
    async (request) => {
      if (!webhookTokenValid(app.integrations, request.headers['asaas-access-token'])) {
        throw unauthorized();
      }
      await applyProviderUpdate(deps, request.body.payment);
      return { success: true };
    },
  );
};

import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { applyListParams } from './listParams';
import { getJson, request } from './http';

const collection = (resource: string) => `/api/${resource}`;
const item = (resource: string, id: Identifier) => `/api/${resource}/${id}`;

const fetchAll = (resource: string) => getJson<RaRecord[]>(collection(resource));

/**
 * A react-admin provider over Traccar's REST arrays. Resources are declared in a later issue;
 * this only speaks the generic GET/POST/PUT/DELETE shape every Traccar collection shares.
 */
export const dataProvider: DataProvider = {
  getList: async (resource, params) => applyListParams(await fetchAll(resource), params),

  getOne: async (resource, { id }) => {
    const found = (await fetchAll(resource)).find((record) => record.id == id);
    if (!found) throw new Error('ra.notification.item_doesnt_exist');
    return { data: found };
  },

  getMany: async (resource, { ids }) => ({
    data: (await fetchAll(resource)).filter((record) => ids.includes(record.id)),
  }),

  getManyReference: async (resource, { target, id, ...params }) =>
    applyListParams(await fetchAll(resource), {
      ...params,
      filter: { ...params.filter, [target]: id },
    }),

  create: async (resource, { data }) => ({
    data: await getJson(collection(resource), { method: 'POST', json: data }),
  }),

  update: async (resource, { id, data }) => ({
    data: await getJson(item(resource, id), { method: 'PUT', json: { ...data, id } }),
  }),

  updateMany: async (resource, { ids, data }) => {
    await Promise.all(
      ids.map((id) => request(item(resource, id), { method: 'PUT', json: { ...data, id } })),
    );
    return { data: ids };
  },

  delete: async (resource, { id, previousData }) => {
    await request(item(resource, id), { method: 'DELETE' });
    return { data: previousData ?? { id } };
  },

  deleteMany: async (resource, { ids }) => {
    await Promise.all(ids.map((id) => request(item(resource, id), { method: 'DELETE' })));
    return { data: ids };
  },
} as DataProvider;

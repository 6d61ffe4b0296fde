import { z } from 'zod';
import type { Endpoint } from '@sfm/protocol';

// To move into @sfm/protocol (endpoints.adminMe) once the contract owner adds it.
export const AdminMe = z.object({ id: z.string(), username: z.string() });
export type AdminMe = z.infer<typeof AdminMe>;

export const adminMeEndpoint = {
  method: 'GET',
  path: '/api/admin/me',
  access: 'admin',
  data: AdminMe,
} as const satisfies Endpoint;

import { z } from 'zod';

export const HealthResponse = z.object({
  ok: z.boolean(),
  database: z.enum(['up', 'down']),
  /** The object store (local folder or bucket) answers. */
  storage: z.enum(['up', 'down']),
  version: z.string(),
});

export const MenuItem = z.object({
  id: z.number().int(),
  appId: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  section: z.string(),
  externalLink: z.string().nullable(),
});
export type MenuItem = z.infer<typeof MenuItem>;

export const MenuResponse = z.object({
  items: z.array(MenuItem),
  staging: z.boolean(),
  links: z.object({ documentation: z.string(), reportBug: z.string() }),
});
export type MenuResponse = z.infer<typeof MenuResponse>;

export const MeResponse = z.object({
  email: z.string(),
  name: z.string(),
  bu: z.string().nullable(),
  airport: z.string().nullable(),
  apps: z.array(z.string()),
  groups: z.array(z.string()),
});
export type MeResponse = z.infer<typeof MeResponse>;

import type { Sequelize } from 'sequelize';
import { LtiRepository } from '../shared/lti.repository';

/**
 * The LTI 1.1 consumer of the development seed: an LMS on this machine (any port of localhost or
 * 127.0.0.1) may launch Kib with this key and secret. Never registered in production.
 */
export const DEV_LTI_CONSUMER = {
  consumerKey: 'kib-dev-key',
  secret: 'kib-dev-secret',
  name: 'Moodle de desarrollo',
  allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
} as const;

/** Registers {@link DEV_LTI_CONSUMER} unless its key exists (so it also reaches databases seeded before). */
export async function registerDevConsumer(sequelize: Sequelize): Promise<boolean> {
  return new LtiRepository(sequelize).addConsumer({
    ...DEV_LTI_CONSUMER,
    allowedOrigins: [...DEV_LTI_CONSUMER.allowedOrigins],
  });
}

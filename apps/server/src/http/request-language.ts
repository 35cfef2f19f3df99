import type { FastifyRequest } from 'fastify';
import { mailLanguage, type MailLanguage } from '../mail/languages.ts';

/** The language the caller reads (the web app sends the one the person chose as `Accept-Language`). */
export const requestLanguage = (req: FastifyRequest): MailLanguage => mailLanguage(req.headers['accept-language']);

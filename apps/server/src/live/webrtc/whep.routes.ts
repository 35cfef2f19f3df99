import { WebRtcSettingsSchema } from '@app/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientNetwork } from '../../http/client-network.ts';
import { notFound, unsupportedMediaType } from '../../http/errors.ts';
import { STREAM_ID } from '../live-media.ts';
import { WHEP_OFFER_MAX_BYTES, type WhepHub } from './whep-hub.ts';

const tags = ['streams'];
const SDP = 'application/sdp';
export const StreamParams = z.object({ id: z.string().regex(new RegExp(`^${STREAM_ID}$`)) });
export const SessionParams = StreamParams.extend({ session: z.string().regex(/^[\w-]{22}$/) });

const isSdp = (contentType: string | undefined) => contentType?.split(';')[0]!.trim().toLowerCase() === SDP;

/** Routes of `app` read an application/sdp body as text, up to the offer limit. */
export function acceptSdp(app: FastifyInstance): void {
  app.addContentTypeParser(SDP, { parseAs: 'string', bodyLimit: WHEP_OFFER_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );
}

/** The SDP offer of a WHEP or WHIP request; 415 for a body of another type. */
export function sdpOffer(req: FastifyRequest): string {
  if (!isSdp(req.headers['content-type']) || typeof req.body !== 'string')
    throw unsupportedMediaType('Send the SDP offer as application/sdp', { code: 'unsupported_media_type' });
  return req.body;
}

/** The 201 that carries an SDP answer and the session's address. */
export const sendAnswer = (reply: FastifyReply, location: string, answer: string): FastifyReply =>
  reply.status(201).type(SDP).header('location', location).header('cache-control', 'no-store').send(answer);

/**
 * WHEP (RFC 9725) playback of live streams: the viewer POSTs its SDP offer and gets the answer and
 * the session's address, which it DELETEs to hang up. The settings route tells the player whether
 * to try it and with which STUN/TURN servers.
 */
export const whepRoutes =
  (hub: WhepHub): FastifyPluginAsyncZod =>
  async (app) => {
    acceptSdp(app);

    app.get(
      '/api/streams/webrtc',
      {
        schema: {
          tags,
          summary: 'Whether WebRTC playback is offered, and the ICE servers to use',
          response: { 200: WebRtcSettingsSchema },
        },
      },
      async () => ({ enabled: app.ctx.config.webrtc.enabled, ice_servers: app.ctx.config.webrtc.iceServers }),
    );

    app.post(
      '/api/streams/:id/whep',
      {
        bodyLimit: WHEP_OFFER_MAX_BYTES,
        config: { keepsReadCache: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Play a live stream over WebRTC: send an SDP offer (application/sdp), get the answer',
          params: StreamParams,
        },
      },
      async (req, reply) => {
        const { id } = req.params;
        const { sessionId, answer } = await hub.play(id, sdpOffer(req), clientNetwork(req.ip));
        return sendAnswer(reply, `/api/streams/${id}/whep/${sessionId}`, answer);
      },
    );

    app.delete(
      '/api/streams/:id/whep/:session',
      {
        config: { keepsReadCache: true },
        schema: { tags, summary: 'End a WebRTC playback session', params: SessionParams },
      },
      async (req, reply) => {
        const { id, session } = req.params;
        if (!(await hub.stop(id, session))) throw notFound('No such WebRTC session', { code: 'not_found' });
        return reply.status(204).send();
      },
    );
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../http/authenticate.ts';
import { WHEP_OFFER_MAX_BYTES } from './whep-hub.ts';
import { SessionParams, StreamParams, acceptSdp, sdpOffer, sendAnswer } from './whep.routes.ts';
import type { WhipHub } from './whip-hub.ts';

const tags = ['streams'];

/**
 * WHIP (RFC 9725) publishing of a live stream: the broadcaster (the Go Live page's camera, or OBS
 * 30+) POSTs its SDP offer with the owner's session token or the stream key as the bearer token,
 * gets the answer and the session's address, and DELETEs that address, with the same token, to stop.
 */
export const whipRoutes =
  (hub: WhipHub): FastifyPluginAsyncZod =>
  async (app) => {
    acceptSdp(app);

    app.post(
      '/api/streams/:id/whip',
      {
        bodyLimit: WHEP_OFFER_MAX_BYTES,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Publish to a live stream over WebRTC: send an SDP offer (application/sdp), get the answer',
          params: StreamParams,
        },
      },
      async (req, reply) => {
        const { id } = req.params;
        const { id: session, answer } = await hub.publish(id, bearerToken(req), sdpOffer(req));
        return sendAnswer(reply, `/api/streams/${id}/whip/${session}`, answer);
      },
    );

    app.delete(
      '/api/streams/:id/whip/:session',
      {
        schema: { tags, summary: 'Stop publishing to a live stream over WebRTC', params: SessionParams },
      },
      async (req, reply) => {
        await hub.stop(req.params.id, req.params.session, bearerToken(req));
        return reply.status(204).send();
      },
    );
  };

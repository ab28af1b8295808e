import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, when it is answered: the request (method, URL, client), the status
 * and the time taken. Fastify's default wrote a second line when each request arrived, and the two
 * lines were a tenth of a browse answer's time on the server's one core (docs/performance.md,
 * 'Figures behind choices in the code'). The arrival line is still written at debug level,
 * for a request that never finishes. `skip` leaves a request out altogether (a drawn page's own
 * reads of the API, logged as the page's request: ./server-render.ts).
 */
export class RequestLog extends LogController {
  constructor(skip: (req: FastifyRequest) => boolean) {
    super({ disableRequestLogging: skip });
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

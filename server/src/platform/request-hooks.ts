import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A step of the platform's one onRequest hook: returns nothing when it is done at once (most
 * requests), a promise only when it must wait; throws (or rejects) to answer with an error, and
 * may answer itself (a redirect), which ends the chain.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: steps are plain functions that mostly return nothing
export type RequestStep = (request: FastifyRequest, reply: FastifyReply) => void | Promise<unknown>;

const chains = new WeakMap<FastifyInstance, RequestStep[]>();

/**
 * Adds a step to the platform's onRequest chain: the input guards, the cross-site guard, the
 * canonical host, the security headers and the access rule run as one synchronous Fastify hook in
 * the order they were added (at the position of the first), rather than five hooks each costing
 * a promise and a turn of Fastify's hook runner on every request.
 */
export function addRequestStep(app: FastifyInstance, step: RequestStep): void {
  let steps = chains.get(app);
  if (!steps) {
    const list: RequestStep[] = [];
    steps = list;
    chains.set(app, list);
    app.addHook('onRequest', (request, reply, done) => runSteps(list, 0, request, reply, done));
  }
  steps.push(step);
}

function runSteps(steps: RequestStep[], from: number, request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
  for (let i = from; i < steps.length; i++) {
    let result: ReturnType<RequestStep>;
    try {
      result = steps[i]!(request, reply);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (result !== undefined) {
      result.then(
        () => (reply.sent ? done() : runSteps(steps, i + 1, request, reply, done)),
        (err: Error | undefined) => done(err ?? new Error('A request step failed without an error')),
      );
      return;
    }
    if (reply.sent) {
      done();
      return;
    }
  }
  done();
}

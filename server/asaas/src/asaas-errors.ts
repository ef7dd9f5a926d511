import type { FastifyReply } from 'fastify';

/** One entry of Asaas's error list. */
export interface AsaasErrorItem {
  code: string;
  description: string;
}

/** An answer in Asaas's error shape: `{ errors: [{ code, description }] }`. */
export class AsaasError extends Error {
  constructor(
    readonly status: number,
    readonly errors: AsaasErrorItem[],
  ) {
    super(errors.map((error) => error.description).join('; '));
  }

  send(reply: FastifyReply): FastifyReply {
    return reply.code(this.status).send({ errors: this.errors });
  }
}

/** Collects validation failures of one request, then refuses them all at once (as Asaas lists them). */
export class Problems {
  private readonly items: AsaasErrorItem[] = [];

  add(code: string, description: string): void {
    this.items.push({ code, description });
  }

  throwIfAny(): void {
    if (this.items.length) throw new AsaasError(400, this.items);
  }
}

export const notFound = (what: string) => new AsaasError(404, [{ code: 'not_found', description: `${what} não encontrado.` }]);
export const invalidAction = (description: string) => new AsaasError(400, [{ code: 'invalid_action', description }]);

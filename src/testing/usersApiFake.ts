import { http, HttpResponse } from 'msw';
import type { User } from '../types/entities';
import { API, server } from './server';

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | null;
}

/**
 * The API's admin user calls over a list that changes as the API's would: GET /seller and
 * GET /buyer answer the current sellers (and admins) and buyers; PUT /users/seller/:id makes a
 * seller, PUT /users/admin/:id verifies one, DELETE /users/admin/:id removes a user. Answers the
 * calls made, in order.
 */
export function usersApiFake(initial: User[]): RecordedCall[] {
  let users = [...initial];
  const calls: RecordedCall[] = [];
  const record = (request: Request) =>
    calls.push({ method: request.method, path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
  const setRole = (id: unknown, role: User['role']) => {
    users = users.map((user) => (user._id === id ? { ...user, role } : user));
    return HttpResponse.json({ acknowledged: true, modifiedCount: 1 });
  };
  server.use(
    http.get(`${API}/seller`, ({ request }) => {
      record(request);
      return HttpResponse.json(users.filter((user) => user.role !== 'Buyer'));
    }),
    http.get(`${API}/buyer`, ({ request }) => {
      record(request);
      return HttpResponse.json(users.filter((user) => user.role === 'Buyer'));
    }),
    http.put(`${API}/users/seller/:id`, ({ request, params }) => {
      record(request);
      return setRole(params.id, 'seller');
    }),
    http.put(`${API}/users/admin/:id`, ({ request, params }) => {
      record(request);
      return setRole(params.id, 'admin');
    }),
    http.delete(`${API}/users/admin/:id`, ({ request, params }) => {
      record(request);
      users = users.filter((user) => user._id !== params.id);
      return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
    }),
  );
  return calls;
}

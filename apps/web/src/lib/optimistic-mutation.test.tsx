import { QueryClientProvider } from '@tanstack/react-query';
import { createTestQueryClient } from '@test/render';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { useOptimisticMutation } from './optimistic-mutation';

type Todo = { id: number; done: boolean };

const KEY = ['todos'] as const;
const MUTATION_KEY = [...KEY, 'toggle'] as const;

/** A mutation function the test settles by hand. */
function controlled() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const fn = vi.fn(
    (_id: number) =>
      new Promise<void>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { fn, pending };
}

function setup(mutationFn: (id: number) => Promise<void>, onSettled?: (id: number) => void) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData<Todo[]>(KEY, [
    { id: 1, done: false },
    { id: 2, done: false },
  ]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () =>
      useOptimisticMutation({
        mutationKey: MUTATION_KEY,
        mutationFn,
        queryKey: KEY,
        update: (todos: Todo[], id: number) => todos.map((t) => (t.id === id ? { ...t, done: true } : t)),
        onSettled,
      }),
    { wrapper },
  );
  const todos = () => queryClient.getQueryData<Todo[]>(KEY);
  return { result, queryClient, todos };
}

describe('useOptimisticMutation', () => {
  it('shows the change before the server answers and refetches once it has', async () => {
    const server = controlled();
    const onSettled = vi.fn();
    const { result, todos, queryClient } = setup(server.fn, onSettled);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    act(() => result.current.mutate(1));
    await waitFor(() => expect(todos()?.[0]?.done).toBe(true));
    expect(server.fn).toHaveBeenCalledTimes(1);
    expect(invalidate).not.toHaveBeenCalled();

    await act(async () => server.pending[0]?.resolve());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(onSettled).toHaveBeenCalledWith(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: KEY });
    expect(todos()?.[0]?.done).toBe(true);
  });

  it("puts the previous data back and shows an 'Error' toast with the reason on failure", async () => {
    const server = controlled();
    const error = vi.spyOn(toast, 'error');
    const onSettled = vi.fn();
    const { result, todos } = setup(server.fn, onSettled);

    act(() => result.current.mutate(2));
    await waitFor(() => expect(todos()?.[1]?.done).toBe(true));
    await act(async () => server.pending[0]?.reject(new Error('Not allowed')));

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(todos()).toEqual([
      { id: 1, done: false },
      { id: 2, done: false },
    ]);
    expect(error).toHaveBeenCalledWith('Error', { description: 'Not allowed' });
    expect(onSettled).toHaveBeenCalledWith(2);
  });

  it('refetches only after the last of several quick changes has settled', async () => {
    const server = controlled();
    const { result, todos, queryClient } = setup(server.fn);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    act(() => result.current.mutate(1));
    await waitFor(() => expect(server.fn).toHaveBeenCalledTimes(1));
    act(() => result.current.mutate(2));
    await waitFor(() => expect(server.fn).toHaveBeenCalledTimes(2));
    expect(todos()?.every((todo) => todo.done)).toBe(true);

    await act(async () => server.pending[0]?.resolve());
    await waitFor(() => expect(queryClient.isMutating({ mutationKey: MUTATION_KEY })).toBe(1));
    expect(invalidate).not.toHaveBeenCalled();

    await act(async () => server.pending[1]?.resolve());
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
  });

  it('leaves an empty cache alone', async () => {
    const { result, todos, queryClient } = setup(async () => {});
    queryClient.removeQueries({ queryKey: KEY });
    await act(async () => result.current.mutateAsync(1));
    expect(todos()).toBeUndefined();
  });
});

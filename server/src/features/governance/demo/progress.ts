import type { DemoStatusResponse } from '@hangar/contract';

// The demo warehouse's progress while it is built in this process (one process seeds a demo).

let state: DemoStatusResponse = { preparing: false, done: 0, total: 0 };

export const demoStatus = (): DemoStatusResponse => ({ ...state });

export function demoStarted(total: number): void {
  state = { preparing: true, done: 0, total };
}

export function demoDelivered(): void {
  state = { ...state, done: Math.min(state.done + 1, state.total) };
}

export function demoFinished(): void {
  state = { ...state, preparing: false, done: state.total };
}

import { Component, type ReactNode } from 'react';
import { RouteError } from './layout/route-error';

interface Props {
  children: ReactNode;
  /** The location; a new one clears a shown error (the user went elsewhere). */
  locationKey: string;
}

interface State {
  error: unknown;
  locationKey: string;
}

/** What a route shows when its code cannot load or it fails to draw (layout/route-error.tsx). */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.locationKey === state.locationKey) return null;
    return { error: undefined, locationKey: props.locationKey };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

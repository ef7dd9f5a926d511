import React from 'react';
import type { ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import type { ParcelConfigObject } from 'single-spa';
import singleSpaReact from 'single-spa-react';
import { i18n } from '../i18n/i18n';
import { AreaProviders } from './AreaProviders';

/** Props the shell gives every area it mounts. */
export interface AreaProps {
  /** The area's name within its remote, e.g. "map". */
  area: string;
}

export type AreaComponent = ComponentType<AreaProps>;
export type AreaParcel = ParcelConfigObject<AreaProps>;

export interface RemoteDefinition<AreaName extends string> {
  /** The federation name, e.g. "mf_map". */
  name: string;
  areas: Record<AreaName, AreaComponent>;
}

/**
 * Turns a remote's React areas into single-spa parcels, each wrapped in the shared providers.
 * A remote's exposed module is just `export const { map } = defineRemote({ name, areas: { map: MapArea } })`.
 */
export function defineRemote<AreaName extends string>(definition: RemoteDefinition<AreaName>): Record<AreaName, AreaParcel> {
  const parcels = {} as Record<AreaName, AreaParcel>;
  for (const [area, Area] of Object.entries(definition.areas) as Array<[AreaName, AreaComponent]>) {
    function AreaRoot(props: AreaProps) {
      return (
        <AreaProviders name={definition.name}>
          <Area {...props} area={area} />
        </AreaProviders>
      );
    }
    AreaRoot.displayName = `${definition.name}/${area}`;
    parcels[area] = singleSpaReact<AreaProps>({
      React,
      ReactDOMClient,
      rootComponent: AreaRoot,
      // The providers' own boundary catches first and offers a retry; this last resort only covers
      // a crash of the providers themselves, so it uses nothing but the translation function.
      errorBoundary: () => <p role="alert">{i18n.t('remote.crashed', { name: definition.name })}</p>,
    }) as AreaParcel;
  }
  return parcels;
}

// ol-ext ships JavaScript only: the part of Transform the geofence editor uses.
declare module 'ol-ext/interaction/Transform' {
  import type Collection from 'ol/Collection';
  import type Feature from 'ol/Feature';
  import Pointer from 'ol/interaction/Pointer';
  import type VectorLayer from 'ol/layer/Vector';

  export interface TransformOptions {
    layers?: VectorLayer[];
    features?: Collection<Feature>;
    translateFeature?: boolean;
    translate?: boolean;
    translateBBox?: boolean;
    stretch?: boolean;
    scale?: boolean;
    rotate?: boolean;
    noFlip?: boolean;
    keepRectangle?: boolean;
    hitTolerance?: number;
  }

  export default class Transform extends Pointer {
    constructor(options?: TransformOptions);
    select(feature: Feature, add?: boolean): void;
  }

  /** Its events beyond OpenLayers' own (`translateend`, `scaleend`), with the feature transformed. */
  export interface TransformEvents {
    on(type: 'translateend' | 'scaleend', listener: (event: { feature?: Feature }) => void): unknown;
  }
}

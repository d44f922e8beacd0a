import type Feature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import type Point from 'ol/geom/Point';
import Cluster from 'ol/source/Cluster';
import type VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';

/**
 * Spec 1 §9 and spec 3: markers cluster with eps 4 and min weight 3 (the DBSCAN parameters of the
 * original map): points within 4 px of each other gather, and only 3 or more make a cluster; fewer
 * are drawn one by one where they are.
 */
export const CLUSTER_EPS_PIXELS = 4;
export const CLUSTER_MIN_WEIGHT = 3;

export function clusteredSource(source: VectorSource<Feature<Point>>): Cluster<Feature<Point>> {
  return new Cluster({ source, distance: CLUSTER_EPS_PIXELS });
}

const clusterStyles = new Map<number, Style>();
function clusterStyle(count: number): Style {
  let style = clusterStyles.get(count);
  if (!style) {
    style = new Style({
      image: new CircleStyle({
        radius: 12,
        fill: new Fill({ color: '#e8590c' }),
        stroke: new Stroke({ color: '#fff', width: 2 }),
      }),
      text: new Text({ text: String(count), fill: new Fill({ color: '#fff' }), font: 'bold 11px sans-serif' }),
      zIndex: 3,
    });
    clusterStyles.set(count, style);
  }
  return style;
}

/**
 * The style of a clustered layer: a counted circle for a cluster of CLUSTER_MIN_WEIGHT or more, each
 * member in its own style at its own place otherwise.
 */
export function clusterLayerStyle(memberStyle: (member: Feature<Point>) => Style) {
  return (feature: FeatureLike): Style | Style[] => {
    const members = (feature.get('features') as Feature<Point>[] | undefined) ?? [];
    if (members.length >= CLUSTER_MIN_WEIGHT) return clusterStyle(members.length);
    return members.map((member) => {
      const style = memberStyle(member).clone();
      style.setGeometry(member.getGeometry() ?? null);
      return style;
    });
  };
}

export { RadarRoute } from '../../features/radar/components/radar-page';

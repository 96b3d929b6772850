// Draws index.html's charts with Chart.js from the data embedded in the page (#bench-charts): every
// <canvas data-chart="id"> gets the chart of that id. Sets <html data-charts-drawn="n"> when done. Time charts join
// the points around a missing reading (an app too busy to answer within 1 s); metrics.csv shows it as empty. A chart
// of one concurrency level draws a bar per stack (series kind "bar", each holding its own stack's bar) with marks over
// them (drawn on top): "tick" a short horizontal line (the trials' min and max), "mark" a diamond (the lowest ceiling).
(function () {
  'use strict';
  var charts = JSON.parse(document.getElementById('bench-charts').textContent);
  var dashes = { solid: [], dash: [8, 5], dot: [2, 4] };
  var drawn = 0;
  document.querySelectorAll('canvas[data-chart]').forEach(function (canvas) {
    var spec = charts[canvas.dataset.chart];
    if (!spec) {
      canvas.parentElement.classList.add('missing');
      return;
    }
    var category = Array.isArray(spec.categories);
    var bars = spec.series.some(function (series) { return series.kind === 'bar'; });
    var datasets = spec.series.map(function (series) {
      if (series.kind === 'bar') {
        return { type: 'bar', label: series.name, backgroundColor: series.color, borderColor: series.color,
          data: series.y, grouped: false, skipNull: true, barPercentage: 0.6, order: 2 };
      }
      if (series.kind === 'tick' || series.kind === 'mark') {
        var tick = series.kind === 'tick';
        return { type: 'line', label: series.name, borderColor: series.color, backgroundColor: series.color,
          data: series.y, showLine: false, pointStyle: tick ? 'line' : 'rectRot', pointRadius: tick ? 14 : 7,
          pointHoverRadius: tick ? 14 : 8, pointBorderWidth: tick ? 3 : 1, order: 1 };
      }
      return {
        label: series.name,
        borderColor: series.color,
        backgroundColor: series.color,
        borderDash: dashes[series.dash] || [],
        borderWidth: 2,
        pointRadius: category ? 3 : 0,
        tension: 0,
        spanGaps: !category,
        data: category ? series.y : series.x.map(function (x, i) { return { x: x, y: series.y[i] }; })
      };
    });
    new Chart(canvas, {
      type: bars ? 'bar' : 'line',
      data: category ? { labels: spec.categories, datasets: datasets } : { datasets: datasets },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: bars ? { mode: 'index', intersect: false } : { mode: 'nearest', axis: 'x', intersect: false },
        plugins: {
          title: { display: true, text: spec.title },
          legend: { position: 'bottom', labels: { boxWidth: 24, usePointStyle: bars } }
        },
        scales: {
          x: category ? { title: { display: true, text: spec.xLabel } }
            : { type: 'linear', title: { display: true, text: spec.xLabel } },
          y: { beginAtZero: true, title: { display: true, text: spec.yLabel } }
        }
      }
    });
    drawn++;
  });
  document.documentElement.dataset.chartsDrawn = String(drawn);
})();

package dev.twinstack.bench.plans;

import java.awt.Frame;
import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.Toolkit;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;
import javax.swing.JMenu;
import javax.swing.JMenuItem;
import javax.swing.JTree;
import javax.swing.SwingUtilities;
import javax.swing.tree.TreePath;

import org.apache.jmeter.gui.GuiPackage;
import org.apache.jmeter.gui.action.ActionNames;
import org.apache.jmeter.gui.tree.JMeterTreeNode;
import org.apache.jmeter.gui.util.MenuFactory;

/**
 * Run by {@link PlanGuiIT} in a JVM of its own on a virtual display: opens the first plan
 * with {@link PlanGui#open}, the others with {@link PlanGui#show}, and for each prints
 * what the GUI shows, read from its Swing components, then exits. Lines: {@code TITLE
 * <plan> <window title>}, {@code NODE <plan> <path of names> | <element class> |
 * <editor class>} for each row of the plan's tree (all expanded),
 * {@code SHOT <plan> <png>} (a screenshot of the window with the thread group selected),
 * {@code ADD <item>} for each entry of the "Add → Threads" menu. Exits when its parent
 * (the test's JVM) is gone.
 */
public final class GuiProbe {

	private GuiProbe() {
	}

	/**
	 * Probes the GUI.
	 * @param args the folder for screenshots, then the .jmx files
	 * @throws Exception when the GUI fails
	 */
	public static void main(String[] args) throws Exception {
		ProcessHandle.current().parent().ifPresent((parent) -> parent.onExit().thenRun(() -> System.exit(3)));
		Path shots = Files.createDirectories(Path.of(args[0]));
		for (int i = 1; i < args.length; i++) {
			Path plan = Path.of(args[i]);
			if (i == 1) {
				PlanGui.open(plan, Map.of());
			}
			else {
				PlanGui.show(plan);
			}
			String name = plan.getFileName().toString();
			onSwingThread(() -> describe(name));
			Thread.sleep(300);
			Toolkit.getDefaultToolkit().sync();
			onSwingThread(() -> {
			});
			screenshot(name, shots.resolve(name.replace(".jmx", ".png")));
		}
		onSwingThread(GuiProbe::threadsMenu);
		System.out.flush();
		System.exit(0);
	}

	private static void describe(String plan) {
		GuiPackage gui = GuiPackage.getInstance();
		Frame frame = gui.getMainFrame();
		System.out.println("TITLE " + plan + " " + (frame.isShowing() ? "" : "(hidden) ") + frame.getTitle());
		JTree tree = gui.getMainFrame().getTree();
		for (int row = 0; row < tree.getRowCount(); row++) {
			tree.expandRow(row);
		}
		int hidden = tree.isRootVisible() ? 0 : 1;
		TreePath threadGroup = null;
		for (int row = 0; row < tree.getRowCount(); row++) {
			TreePath path = tree.getPathForRow(row);
			JMeterTreeNode node = (JMeterTreeNode) path.getLastPathComponent();
			List<String> names = new ArrayList<>();
			for (int i = hidden; i < path.getPathCount(); i++) {
				names.add(((JMeterTreeNode) path.getPathComponent(i)).getName());
			}
			String editor = gui.getGui(node.getTestElement()).getClass().getName();
			System.out.println("NODE " + plan + " " + String.join("/", names) + " | "
					+ node.getTestElement().getClass().getName() + " | " + editor);
			if (threadGroup == null && names.size() == 2) {
				threadGroup = path;
			}
		}
		if (threadGroup != null) {
			tree.setSelectionPath(threadGroup);
		}
	}

	private static void threadsMenu() {
		JMenu menu = MenuFactory.makeMenus(new String[] { MenuFactory.THREADS }, "Add", ActionNames.ADD);
		List<String> items = new ArrayList<>();
		collect(menu, items);
		items.forEach((item) -> System.out.println("ADD " + item));
	}

	private static void collect(JMenu menu, List<String> items) {
		for (int i = 0; i < menu.getItemCount(); i++) {
			JMenuItem item = menu.getItem(i);
			if (item instanceof JMenu submenu) {
				collect(submenu, items);
			}
			else if (item != null) {
				items.add(item.getText());
			}
		}
	}

	private static void screenshot(String plan, Path png) throws Exception {
		Rectangle bounds = GuiPackage.getInstance().getMainFrame().getBounds();
		BufferedImage image = new Robot().createScreenCapture(bounds);
		ImageIO.write(image, "png", png.toFile());
		System.out.println("SHOT " + plan + " " + png.toAbsolutePath());
	}

	private static void onSwingThread(Runnable action) throws InterruptedException, IOException {
		try {
			SwingUtilities.invokeAndWait(action);
		}
		catch (InvocationTargetException ex) {
			throw new IOException("GUI action failed", ex.getCause());
		}
	}

}
